/// Continuous: two fingers whose distance has changed by `startDistance` since the second went
/// down. `scale` is absolute (distance now over distance then); `scalarVelocity` is scale/s.
/// Further fingers are ignored; the gesture ends when either finger lifts.
public struct PinchRecognizer: GestureRecognizer, Sendable {
    public var startDistance: Float

    private var pair = TouchPair()
    private var velocity = VelocityFilter<Float>()
    private var lastScale: Float = 1
    private var lastTime: Microseconds = 0

    public init(startDistance: Float = GestureDefaults.touchSlop) {
        self.startDistance = startDistance
    }

    public var kind: GestureKind { .pinch }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        for i in touches.indices where !pair.offer(touches[i], context: context) {
            context.ignore(touches[i])
        }
        lastScale = pair.scale
        lastTime = context.now
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        guard pair.update(context: context) else { return }
        velocity.add(change: pair.scale - lastScale, over: context.now - lastTime)
        lastScale = pair.scale
        lastTime = context.now
        report(context: &context)
        if context.currentState.isActive {
            context.state = .changed
        } else if (pair.distance - pair.initialDistance).magnitude >= startDistance {
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
        lastScale = 1
    }

    private func report(context: inout RecognizerContext) {
        context.values.scale = pair.scale
        context.values.scalarVelocity = velocity.value
        context.location = pair.center
        context.reportedTouches = 2
    }
}
