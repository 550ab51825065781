/// Discrete: `touchesRequired` fingers moving fast and straight in one of `directions`. Judged once
/// the centroid has covered `minimumDistance`: recognized while the fingers are still down when the
/// average speed since touch-down reaches `minimumSpeed` and the path stays within `angleTolerance`
/// of an allowed axis; failed otherwise, or when the fingers lift first.
public struct SwipeRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    /// A mask of `SwipeDirection` raw values.
    public var directions: UInt8
    public var touchesRequired: UInt8
    public var minimumDistance: Float
    /// mm/s.
    public var minimumSpeed: Float
    /// Radians either side of the axis.
    public var angleTolerance: Float

    private var motion = CentroidMotion()
    private var touchesSeen: UInt8 = 0

    public static let anyDirection: UInt8 =
        SwipeDirection.right.rawValue | SwipeDirection.left.rawValue
        | SwipeDirection.up.rawValue | SwipeDirection.down.rawValue

    public init(
        directions: UInt8 = SwipeRecognizer.anyDirection, touches: UInt8 = 1,
        minimumDistance: Float = GestureDefaults.swipeMinimumDistance,
        minimumSpeed: Float = GestureDefaults.swipeMinimumSpeed,
        angleTolerance: Float = GestureDefaults.swipeAngleTolerance
    ) {
        self.directions = directions
        self.touchesRequired = max(touches, 1)
        self.minimumDistance = minimumDistance
        self.minimumSpeed = minimumSpeed
        self.angleTolerance = angleTolerance
    }

    public var kind: GestureKind { .swipe }

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
        touchesSeen &+= UInt8(touches.count)
        if touchesSeen > touchesRequired {
            context.state = .failed
            return
        }
        motion.update(context.touches, now: context.now)
    }

    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext) {
        motion.update(context.touches, now: context.now)
        judge(context: &context)
    }

    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext) {
        motion.update(context.touches, now: context.now)
        judge(context: &context)
        if context.state == .possible { context.state = .failed }
    }

    public mutating func reset() {
        motion = CentroidMotion()
        touchesSeen = 0
    }

    private func judge(context: inout RecognizerContext) {
        guard touchesSeen == touchesRequired else { return }
        let path = motion.translation
        let distance = path.length
        guard distance >= minimumDistance else { return }
        let elapsed = Float(context.now - motion.firstTime) / 1_000_000
        let speed = elapsed > 0 ? distance / elapsed : .infinity
        let horizontal = path.x.magnitude >= path.y.magnitude
        let direction: SwipeDirection =
            horizontal ? (path.x > 0 ? .right : .left) : (path.y > 0 ? .down : .up)
        let offAxis = horizontal
            ? ScalarMath.atan2(path.y.magnitude, path.x.magnitude)
            : ScalarMath.atan2(path.x.magnitude, path.y.magnitude)
        guard speed >= minimumSpeed, offAxis <= angleTolerance, directions & direction.rawValue != 0 else {
            context.state = .failed
            return
        }
        context.values.direction = direction
        context.values.translation = path
        context.values.velocity = motion.velocity
        context.reportedTouches = touchesRequired
        context.state = .recognized
    }
}
