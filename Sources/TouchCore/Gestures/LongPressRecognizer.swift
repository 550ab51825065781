/// Continuous: `touchesRequired` fingers held still (within `allowableMovement`) for
/// `minimumPressDuration`, after `tapsRequired` quick taps. It begins when the time is up and the
/// fingers are at rest (their recent speed under `maximumRestingSpeed`), changes as the fingers move
/// (they may move freely once it has begun) and ends when one lifts. A finger still moving when the
/// time is up is on its way somewhere (a scroll that starts slowly): the press fails and the pan
/// has it.
public struct LongPressRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    public var minimumPressDuration: Microseconds
    public var allowableMovement: Float
    public var touchesRequired: UInt8
    /// Taps before the press (UIKit's numberOfTapsRequired, default 0).
    public var tapsRequired: UInt8
    public var maxTapInterval: Microseconds
    /// The fingers' speed over the last 100 ms (mm/s) above which they are moving, not pressing.
    public var maximumRestingSpeed: Float = LongPressRecognizer.defaultMaximumRestingSpeed
    /// Chosen from the evemu recordings (docs/gestures.md, "Long press at rest"): midway between the
    /// fastest finger at rest or held (7.9 mm/s, a Wacom finger settling) and the slowest moving
    /// one 500 ms after touch-down (20.1 mm/s, Atmel's four-finger drag).
    public static let defaultMaximumRestingSpeed: Float = 14

    private var tapsDone: UInt8 = 0
    private var touchesInPress: UInt8 = 0
    private var touchesDown: UInt8 = 0
    private var pressStart: Microseconds = 0
    private var motion = RecentMotion()

    public init(
        minimumPressDuration: Microseconds = GestureDefaults.longPressDuration,
        allowableMovement: Float = GestureDefaults.touchSlop,
        touches: UInt8 = 1, tapsBefore: UInt8 = 0,
        maxTapInterval: Microseconds = GestureDefaults.maxTapInterval
    ) {
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
        self.touchesRequired = max(touches, 1)
        self.tapsRequired = tapsBefore
        self.maxTapInterval = maxTapInterval
    }

    public var kind: GestureKind { .longPress }

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
        if context.currentState.isActive {
            for i in touches.indices { context.ignore(touches[i]) }
            return
        }
        if touchesDown == 0 {
            context.deadline = nil
            touchesInPress = 0
        }
        touchesDown &+= UInt8(touches.count)
        touchesInPress &+= UInt8(touches.count)
        if touchesInPress > touchesRequired {
            context.state = .failed
        } else if touchesInPress == touchesRequired && tapsDone == tapsRequired {
            pressStart = context.now
            motion.start(at: context.centroid, time: context.now)
            context.deadline = context.now + minimumPressDuration
        }
    }

    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext) {
        if context.currentState.isActive {
            report(context: &context)
            context.state = .changed
            return
        }
        for i in touches.indices
        where touches[i].position.distance(to: touches[i].startPosition) > allowableMovement {
            context.state = .failed
            return
        }
        if touchesInPress == touchesRequired { motion.add(context.centroid, time: context.now) }
    }

    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext) {
        touchesDown = touchesDown >= UInt8(touches.count) ? touchesDown - UInt8(touches.count) : 0
        if context.currentState.isActive {
            report(context: &context)
            context.state = .ended
            return
        }
        // Lifted before the time was up: either one of the taps before the press, or a failure.
        guard tapsDone < tapsRequired, touchesInPress == touchesRequired else {
            context.state = .failed
            return
        }
        if touchesDown == 0 {
            tapsDone += 1
            context.deadline = context.now + maxTapInterval
        }
    }

    public mutating func deadlineReached(context: inout RecognizerContext) {
        guard touchesDown == touchesRequired, tapsDone == tapsRequired,
            motion.speed(at: context.now) <= maximumRestingSpeed
        else {
            context.state = .failed
            return
        }
        report(context: &context)
        context.state = .began
    }

    public mutating func reset() {
        tapsDone = 0
        touchesInPress = 0
        touchesDown = 0
        pressStart = 0
        motion = RecentMotion()
    }

    private func report(context: inout RecognizerContext) {
        context.values.duration = context.now - pressStart
        context.reportedTouches = touchesRequired
    }
}

/// How fast the fingers moved lately: their centroid now against where it was about 100 ms ago,
/// from four checkpoints at least 25 ms apart (fixed memory, no history). The net movement, not the
/// path: a finger that wobbles on the spot goes nowhere.
struct RecentMotion: Sendable {
    static let spacing: Microseconds = 25_000
    private var points = InlineArray<4, PanelPoint>(repeating: .zero)
    private var times = InlineArray<4, Microseconds>(repeating: 0)
    private var latest = PanelPoint.zero

    mutating func start(at point: PanelPoint, time: Microseconds) {
        points = InlineArray(repeating: point)
        times = InlineArray(repeating: time)
        latest = point
    }

    mutating func add(_ point: PanelPoint, time: Microseconds) {
        latest = point
        guard time - times[3] >= Self.spacing else { return }
        for i in 0..<3 {
            points[i] = points[i + 1]
            times[i] = times[i + 1]
        }
        points[3] = point
        times[3] = time
    }

    /// mm/s from the oldest checkpoint (75 to 100 ms before the newest) to the latest position.
    func speed(at now: Microseconds) -> Float {
        let interval = now - times[0]
        guard interval > 0 else { return 0 }
        return latest.distance(to: points[0]) / (Float(interval) / 1_000_000)
    }
}
