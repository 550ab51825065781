/// What pinch and rotation share: the first two fingers (further ones are ignored), one number
/// measured from them, and that number's rate of change.
struct TwoFingerMeasure: Sendable {
    private(set) var pair = TouchPair()
    private var velocity = VelocityFilter<Float>()
    private var last: Float = 0
    private var lastTime: Microseconds = 0

    /// Per second, low-passed.
    var rate: Float { velocity.value }

    mutating func take(_ touches: HookTouches, context: inout RecognizerContext, measure: (TouchPair) -> Float) {
        for i in touches.indices where !pair.offer(touches[i], among: context.touches) {
            context.ignore(touches[i])
        }
        last = measure(pair)
        lastTime = context.now
    }

    /// Re-measures after the fingers moved; false while there is no complete pair. (`inout` only so
    /// that the context's touches are read in place.)
    mutating func follow(context: inout RecognizerContext, measure: (TouchPair) -> Float) -> Bool {
        guard pair.update(among: context.touches) else { return false }
        let value = measure(pair)
        velocity.add(change: value - last, over: context.now - lastTime)
        last = value
        lastTime = context.now
        return true
    }
}
