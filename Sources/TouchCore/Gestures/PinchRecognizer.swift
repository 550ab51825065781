/// Continuous: two fingers whose distance has changed by `startDistance` since the second went
/// down. `scale` is absolute (distance now over distance then); `scalarVelocity` is scale/s.
/// Further fingers are ignored; the gesture ends when either finger lifts.
public struct PinchRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    public var startDistance: Float

    private var fingers = TwoFingerMeasure()

    public init(startDistance: Float = GestureDefaults.touchSlop) {
        self.startDistance = startDistance
    }

    public var kind: GestureKind { .pinch }

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
        fingers.take(touches, context: &context) { $0.scale }
    }

    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext) {
        guard fingers.follow(context: &context, measure: { $0.scale }) else { return }
        report(context: &context)
        if context.currentState.isActive {
            context.state = .changed
        } else if (fingers.pair.distance - fingers.pair.initialDistance).magnitude >= startDistance {
            context.state = .began
        }
    }

    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext) {
        _ = fingers.follow(context: &context) { $0.scale }
        report(context: &context)
        context.state = context.currentState.isActive ? .ended : .failed
    }

    public mutating func reset() { fingers = TwoFingerMeasure() }

    private func report(context: inout RecognizerContext) {
        context.values.scale = fingers.pair.scale
        context.values.scalarVelocity = fingers.rate
        context.location = fingers.pair.center
        context.reportedTouches = 2
    }
}
