/// Continuous: `touchesRequired` fingers held still (within `allowableMovement`) for
/// `minimumPressDuration`, after `tapsRequired` quick taps. It begins when the time is up, changes
/// as the fingers move (they may move freely once it has begun) and ends when one lifts.
public struct LongPressRecognizer: GestureRecognizer, InPlaceHooks, Sendable {
    public var minimumPressDuration: Microseconds
    public var allowableMovement: Float
    public var touchesRequired: UInt8
    /// Taps before the press (UIKit's numberOfTapsRequired, default 0).
    public var tapsRequired: UInt8
    public var maxTapInterval: Microseconds

    private var tapsDone: UInt8 = 0
    private var touchesInPress: UInt8 = 0
    private var touchesDown: UInt8 = 0
    private var pressStart: Microseconds = 0

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
        began(touches.elements, context: &context)
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        moved(touches.elements, context: &context)
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        ended(touches.elements, context: &context)
    }

    mutating func began(_ touches: TouchSpan, context: inout RecognizerContext) {
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
            context.deadline = context.now + minimumPressDuration
        }
    }

    mutating func moved(_ touches: TouchSpan, context: inout RecognizerContext) {
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
    }

    mutating func ended(_ touches: TouchSpan, context: inout RecognizerContext) {
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
        guard touchesDown == touchesRequired, tapsDone == tapsRequired else {
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
    }

    private func report(context: inout RecognizerContext) {
        context.values.duration = context.now - pressStart
        context.reportedTouches = touchesRequired
    }
}
