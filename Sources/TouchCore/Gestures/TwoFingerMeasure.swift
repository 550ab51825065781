/// What pinch and rotation share: the first two fingers (further ones are ignored), one number
/// measured from them, and that number's rate of change.
struct TwoFingerMeasure: Sendable {
    private(set) var pair = TouchPair()
    private var velocity = VelocityFilter<Float>()
    private var last: Float = 0
    private var lastTime: Microseconds = 0

    /// Per second, low-passed.
    var rate: Float { velocity.value }

    mutating func take(_ touches: TouchSet, context: inout RecognizerContext, measure: (TouchPair) -> Float) {
        for i in touches.indices where !pair.offer(touches[i], context: context) {
            context.ignore(touches[i])
        }
        last = measure(pair)
        lastTime = context.now
    }

    /// Re-measures after the fingers moved; false while there is no complete pair.
    mutating func follow(context: RecognizerContext, measure: (TouchPair) -> Float) -> Bool {
        guard pair.update(context: context) else { return false }
        let value = measure(pair)
        velocity.add(change: value - last, over: context.now - lastTime)
        last = value
        lastTime = context.now
        return true
    }
}
