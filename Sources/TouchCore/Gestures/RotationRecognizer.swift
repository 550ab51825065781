/// Continuous: two fingers whose connecting line has turned far enough that the fingers have
/// travelled `startDistance` along their circle. `rotation` is radians since the second finger went
/// down, clockwise on screen positive; `scalarVelocity` is rad/s. Ends when either finger lifts.
public struct RotationRecognizer: GestureRecognizer, Sendable {
    public var startDistance: Float

    private var pair = TouchPair()
    private var velocity = VelocityFilter<Float>()
    private var lastRotation: Float = 0
    private var lastTime: Microseconds = 0

    public init(startDistance: Float = GestureDefaults.touchSlop) {
        self.startDistance = startDistance
    }

    public var kind: GestureKind { .rotation }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        for i in touches.indices where !pair.offer(touches[i], context: context) {
            context.ignore(touches[i])
        }
        lastRotation = pair.rotation
        lastTime = context.now
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        guard pair.update(context: context) else { return }
        velocity.add(change: pair.rotation - lastRotation, over: context.now - lastTime)
        lastRotation = pair.rotation
        lastTime = context.now
        report(context: &context)
        if context.currentState.isActive {
            context.state = .changed
        } else if pair.rotation.magnitude * pair.initialDistance * 0.5 >= startDistance {
            context.state = .began
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        _ = pair.update(context: context)
        report(context: &context)
        context.state = context.currentState.isActive ? .ended : .failed
    }

    public mutating func reset() {
        pair = TouchPair()
        velocity = VelocityFilter<Float>()
        lastRotation = 0
    }

    private func report(context: inout RecognizerContext) {
        context.values.rotation = pair.rotation
        context.values.scalarVelocity = velocity.value
        context.location = pair.center
        context.reportedTouches = 2
    }
}
