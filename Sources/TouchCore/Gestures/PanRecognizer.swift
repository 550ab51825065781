/// Continuous: between `minimumTouches` and `maximumTouches` fingers whose centroid has moved
/// `startDistance` since they went down. `translation` is that whole movement (it can be set back,
/// as UIKit's setTranslation does); `velocity` is in mm/s.
public struct PanRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    public var minimumTouches: UInt8
    public var maximumTouches: UInt8
    public var startDistance: Float

    private var motion = CentroidMotion()

    public init(
        minimumTouches: UInt8 = 1, maximumTouches: UInt8 = UInt8(TouchLimits.maxContacts),
        startDistance: Float = GestureDefaults.touchSlop
    ) {
        self.minimumTouches = max(minimumTouches, 1)
        self.maximumTouches = max(maximumTouches, self.minimumTouches)
        self.startDistance = startDistance
    }

    public var kind: GestureKind { .pan }

    public var translation: PanelPoint { motion.translation }

    public mutating func setTranslation(_ value: PanelPoint) { motion.setTranslation(value) }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        HookTouches.with(touches) { began($0, context: &context) }
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        HookTouches.with(touches) { moved($0, context: &context) }
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        HookTouches.with(touches) { ended($0, context: &context) }
    }

    mutating func began(_ touches: HookTouches, context: inout RecognizerContext) {
        if context.touches.count > Int(maximumTouches) {
            if context.currentState.isActive {
                // Keep panning with the fingers already counted; the extra ones are not ours.
                var extra = context.touches.count - Int(maximumTouches)
                var i = touches.count - 1
                while extra > 0 && i >= 0 {
                    context.ignore(touches[i])
                    extra -= 1
                    i -= 1
                }
            } else {
                context.state = .failed
                return
            }
        }
        motion.update(context.touches, now: context.now)
    }

    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext) {
        motion.update(context.touches, now: context.now)
        report(context: &context)
        if context.currentState.isActive {
            context.state = .changed
        } else if context.touches.count >= Int(minimumTouches)
            && motion.translation.length >= startDistance
        {
            context.state = .began
        }
    }

    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext) {
        motion.update(context.touches, now: context.now)
        report(context: &context)
        let remaining = context.touches.count - touches.count
        if context.currentState.isActive {
            if remaining < Int(minimumTouches) { context.state = .ended }
        } else if remaining == 0 {
            context.state = .failed
        }
    }

    public mutating func reset() { motion = CentroidMotion() }

    private func report(context: inout RecognizerContext) {
        context.values.translation = motion.translation
        context.values.velocity = motion.velocity
    }
}
