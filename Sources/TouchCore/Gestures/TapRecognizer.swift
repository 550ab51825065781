/// Discrete: `tapsRequired` taps of `touchesRequired` fingers each. A tap is the span from its first
/// touch going down to its last lifting; it fails on movement beyond `allowableMovement`, on more
/// fingers than required, or when the next tap does not start within `maxTapInterval`.
public struct TapRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    public var tapsRequired: UInt8
    public var touchesRequired: UInt8
    /// How far each touch may stray from where it went down, mm.
    public var allowableMovement: Float
    /// Longest wait from a tap's lift to the next tap's touch-down.
    public var maxTapInterval: Microseconds
    /// Farthest a later tap may land from the first, mm.
    public var maxTapDistance: Float

    private var tapsDone: UInt8 = 0
    private var touchesInTap: UInt8 = 0
    private var touchesDown: UInt8 = 0
    private var tapSum = PanelPoint.zero
    private var firstTap = PanelPoint.zero

    public init(
        taps: UInt8 = 1, touches: UInt8 = 1,
        allowableMovement: Float = GestureDefaults.touchSlop,
        maxTapInterval: Microseconds = GestureDefaults.maxTapInterval,
        maxTapDistance: Float = GestureDefaults.maxTapDistance
    ) {
        self.tapsRequired = max(taps, 1)
        self.touchesRequired = max(touches, 1)
        self.allowableMovement = allowableMovement
        self.maxTapInterval = maxTapInterval
        self.maxTapDistance = maxTapDistance
    }

    public var kind: GestureKind { .tap }

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
        if touchesDown == 0 {
            // A new tap: the wait for it is over.
            context.deadline = nil
            touchesInTap = 0
            tapSum = .zero
        }
        for i in touches.indices {
            touchesInTap &+= 1
            touchesDown &+= 1
            tapSum = tapSum + touches[i].startPosition
            // A one-finger tap that lands too far from the first is no repeat of it. Failing now, not
            // at its lift, and letting the touch go, frees a single tap waiting on this one and this
            // recognizer itself to take the touch afresh (GestureEngine.process): it may begin the
            // next double tap.
            if tapsDone > 0, touchesRequired == 1, touches[i].startPosition.distance(to: firstTap) > maxTapDistance {
                context.ignore(touches[i])
                context.state = .failed
            }
        }
        if touchesInTap > touchesRequired { context.state = .failed }
    }

    mutating func moved(_ touches: HookTouches, context: inout RecognizerContext) {
        if strayed(touches) { context.state = .failed }
    }

    mutating func ended(_ touches: HookTouches, context: inout RecognizerContext) {
        if strayed(touches) {
            context.state = .failed
            return
        }
        touchesDown = touchesDown >= UInt8(touches.count) ? touchesDown - UInt8(touches.count) : 0
        guard touchesDown == 0 else { return }
        guard touchesInTap == touchesRequired else {
            context.state = .failed
            return
        }
        // Float(UInt8) goes through BinaryInteger.words, an array: convert via Int.
        let center = tapSum / Float(Int(touchesInTap))
        if tapsDone == 0 {
            firstTap = center
        } else if center.distance(to: firstTap) > maxTapDistance {
            context.state = .failed
            return
        }
        tapsDone += 1
        if tapsDone >= tapsRequired {
            context.location = firstTap
            context.reportedTouches = touchesRequired
            context.values.taps = tapsDone
            context.state = .recognized
        } else {
            context.deadline = context.now + maxTapInterval
        }
    }

    public mutating func deadlineReached(context: inout RecognizerContext) {
        context.state = .failed
    }

    public mutating func reset() {
        tapsDone = 0
        touchesInTap = 0
        touchesDown = 0
        tapSum = .zero
        firstTap = .zero
    }

    private func strayed(_ touches: HookTouches) -> Bool {
        for i in touches.indices
        where touches[i].position.distance(to: touches[i].startPosition) > allowableMovement {
            return true
        }
        return false
    }
}
