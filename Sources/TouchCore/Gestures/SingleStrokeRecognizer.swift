/// The engine's side of a one-finger stroke gesture (checkmark, circle, backslash, capture,
/// templates): a matcher sees the followed finger's samples and judges the stroke at the lift.
/// Stroke analysers become recognizers by conforming (directly or through a small wrapper) to this
/// protocol; `SingleStrokeRecognizer` does the rest of the state machine.
public protocol SingleStrokeMatcher {
    /// The kind events carry.
    var kind: GestureKind { get }
    /// True for gestures that report while the stroke is drawn (capture): began at touch-down,
    /// changed on every move, ended at the lift.
    var isContinuous: Bool { get }
    mutating func begin(at point: PanelPoint, time: Microseconds)
    /// Returns false as soon as the stroke can no longer match, so the recognizer fails early
    /// and stops holding back competitors.
    mutating func move(to point: PanelPoint, time: Microseconds) -> Bool
    /// The lift: fills in the gesture's values and returns true when the stroke matched.
    mutating func end(at point: PanelPoint, time: Microseconds, values: inout GestureValues) -> Bool
    /// Forgets the stroke (a cancel, or a reset).
    mutating func cancel()
    /// The values a continuous gesture reports while drawing (capture: `samples`).
    func progress(_ values: inout GestureValues)
}

extension SingleStrokeMatcher {
    public var isContinuous: Bool { false }
    public func progress(_ values: inout GestureValues) {}
}

/// Follows the first finger of a touch sequence and runs a matcher over its stroke. By default
/// another finger landing while the stroke is undecided fails it (these are one-finger gestures,
/// contracts.md section 4); with `failsOnExtraTouch` false the extra fingers are ignored instead,
/// as the seeds' checkmark does.
public struct SingleStrokeRecognizer<Matcher: SingleStrokeMatcher>: GestureRecognizer {
    public var matcher: Matcher
    public var failsOnExtraTouch: Bool
    private var followed: UInt32? = nil

    public init(_ matcher: Matcher, failsOnExtraTouch: Bool = true) {
        self.matcher = matcher
        self.failsOnExtraTouch = failsOnExtraTouch
    }

    public var kind: GestureKind { matcher.kind }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        for i in touches.indices {
            let touch = touches[i]
            if followed == nil {
                followed = touch.trackingId
                matcher.begin(at: touch.position, time: context.now)
                if matcher.isContinuous {
                    report(context: &context, at: touch.position)
                    context.state = .began
                }
            } else if failsOnExtraTouch && !context.currentState.isActive {
                matcher.cancel()
                context.state = .failed
                return
            } else {
                context.ignore(touch)
            }
        }
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        guard let touch = followedTouch(in: touches) else { return }
        guard matcher.move(to: touch.position, time: context.now) else {
            matcher.cancel()
            context.state = context.currentState.isActive ? .cancelled : .failed
            return
        }
        if matcher.isContinuous {
            report(context: &context, at: touch.position)
            context.state = .changed
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        guard let touch = followedTouch(in: touches) else { return }
        let matched = matcher.end(at: touch.position, time: context.now, values: &context.values)
        context.location = touch.position
        context.reportedTouches = 1
        if matcher.isContinuous {
            context.state = matched ? .ended : .cancelled
        } else {
            context.state = matched ? .recognized : .failed
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext) {
        matcher.cancel()
        context.state = context.currentState.isActive ? .cancelled : .failed
    }

    public mutating func reset() {
        followed = nil
        matcher.cancel()
    }

    private func followedTouch(in touches: TouchSet) -> TrackedTouch? {
        for i in touches.indices where touches[i].trackingId == followed { return touches[i] }
        return nil
    }

    private func report(context: inout RecognizerContext, at point: PanelPoint) {
        matcher.progress(&context.values)
        context.location = point
        context.reportedTouches = 1
    }
}

/// Until a stroke kind is built in, an engine can run it as its custom type.
extension SingleStrokeRecognizer: CustomRecognizer {}

extension SingleStrokeRecognizer: Sendable where Matcher: Sendable {}
