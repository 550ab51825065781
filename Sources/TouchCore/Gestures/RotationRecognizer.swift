/// Continuous: two fingers whose connecting line has turned far enough that the fingers have
/// travelled `startDistance` along their circle. `rotation` is radians since the second finger went
/// down, clockwise on screen positive; `scalarVelocity` is rad/s. Ends when either finger lifts.
public struct RotationRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    public var startDistance: Float

    private var fingers = TwoFingerMeasure()

    public init(startDistance: Float = GestureDefaults.touchSlop) {
        self.startDistance = startDistance
    }

    public var kind: GestureKind { .rotation }

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
        fingers.take(touches, context: &context) { $0.rotation }
    }

    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext) {
        guard fingers.follow(context: &context, measure: { $0.rotation }) else { return }
        report(context: &context)
        if context.currentState.isActive {
            context.state = .changed
        } else if fingers.pair.rotation.magnitude * fingers.pair.initialDistance * 0.5 >= startDistance {
            context.state = .began
        }
    }

    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext) {
        _ = fingers.follow(context: &context) { $0.rotation }
        report(context: &context)
        context.state = context.currentState.isActive ? .ended : .failed
    }

    public mutating func reset() { fingers = TwoFingerMeasure() }

    private func report(context: inout RecognizerContext) {
        context.values.rotation = fingers.pair.rotation
        context.values.scalarVelocity = fingers.rate
        context.location = fingers.pair.center
        context.reportedTouches = 2
    }
}
