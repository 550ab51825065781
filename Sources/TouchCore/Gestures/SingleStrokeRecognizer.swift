/// The engine's side of a one-finger stroke gesture (checkmark, circle, backslash, capture,
/// templates): a matcher follows the finger's positions as they come and judges the stroke at the
/// lift from the engine's `SharedStroke`, which holds every sample of that finger. Matchers keep only
/// small state of their own, so a recognizer slot stays small.
public protocol SingleStrokeMatcher {
    /// The kind events carry.
    var kind: GestureKind { get }
    /// True for gestures that report while the stroke is drawn (capture): began at touch-down,
    /// changed on every move, ended at the lift.
    var isContinuous: Bool { get }
    mutating func begin(at point: PanelPoint, time: Microseconds)
    /// `begin` with the panel's size (mm), which bounds how large a shape can be. By default it
    /// asks `begin(at:time:)`.
    mutating func begin(at point: PanelPoint, time: Microseconds, panelWidth: Float, panelHeight: Float)
    /// Returns false as soon as the stroke can no longer match, so the recognizer fails early
    /// and stops holding back competitors.
    mutating func move(to point: PanelPoint, time: Microseconds) -> Bool
    /// The lift: `shared.samples` is the whole stroke, the lift included. Fills in the gesture's
    /// values and returns true when the stroke matched. By default it asks `end(at:time:values:)`.
    mutating func end(_ shared: @_addressable SharedStroke, values: inout GestureValues) -> Bool
    /// `end(_:values:)` as the engine calls it, with its shared stroke where it lies: passed by
    /// value, the 22 KB stroke and library were copied onto the stack at every lift. By default
    /// it asks `end(_:values:)`.
    mutating func end(inPlace shared: inout SharedStroke, values: inout GestureValues) -> Bool
    /// The lift for a matcher that keeps what it needs itself: the path a `SingleStrokeRecognizer`
    /// run as an engine's custom recognizer takes, where there is no shared stroke. Default: false.
    mutating func end(at point: PanelPoint, time: Microseconds, values: inout GestureValues) -> Bool
    /// Forgets the stroke (a cancel, or a reset).
    mutating func cancel()
    /// The values a continuous gesture reports while drawing (capture: `samples`).
    func progress(_ shared: @_addressable SharedStroke, _ values: inout GestureValues)
}

extension SingleStrokeMatcher {
    public var isContinuous: Bool { false }
    public mutating func begin(at point: PanelPoint, time: Microseconds) {}
    public mutating func begin(at point: PanelPoint, time: Microseconds, panelWidth: Float, panelHeight: Float) {
        begin(at: point, time: time)
    }
    public mutating func move(to point: PanelPoint, time: Microseconds) -> Bool { true }
    public mutating func cancel() {}
    public func progress(_ shared: @_addressable SharedStroke, _ values: inout GestureValues) {}
    public mutating func end(at point: PanelPoint, time: Microseconds, values: inout GestureValues) -> Bool { false }
    public mutating func end(_ shared: @_addressable SharedStroke, values: inout GestureValues) -> Bool {
        guard let last = shared.capture.stroke.last else { return false }
        return end(at: last.position, time: last.time, values: &values)
    }
    public mutating func end(inPlace shared: inout SharedStroke, values: inout GestureValues) -> Bool {
        end(shared, values: &values)
    }
}

/// Follows the first finger of a touch sequence and runs a matcher over its stroke. By default
/// another finger landing while the stroke is undecided fails it (these are one-finger gestures,
/// contracts.md section 4); with `failsOnExtraTouch` false the extra fingers are ignored instead.
/// Its hooks take the engine's `SharedStroke`; `StrokeGestureRecognizer` makes it a built-in.
public struct SingleStrokeRecognizer<Matcher: SingleStrokeMatcher> {
    public var matcher: Matcher
    public var failsOnExtraTouch: Bool
    var followed: UInt32? = nil

    public init(_ matcher: Matcher, failsOnExtraTouch: Bool = true) {
        self.matcher = matcher
        self.failsOnExtraTouch = failsOnExtraTouch
    }

    public var kind: GestureKind { matcher.kind }

    public mutating func touchesBegan(_ touches: TouchSet, shared: @_addressable SharedStroke, context: inout RecognizerContext) {
        var shared = shared
        HookTouches.with(touches) { began($0, shared: &shared, context: &context) }
    }

    public mutating func touchesMoved(_ touches: TouchSet, shared: @_addressable SharedStroke, context: inout RecognizerContext) {
        var shared = shared
        HookTouches.with(touches) { moved($0, shared: &shared, context: &context) }
    }

    public mutating func touchesEnded(_ touches: TouchSet, shared: @_addressable SharedStroke, context: inout RecognizerContext) {
        var shared = shared
        HookTouches.with(touches) { ended($0, shared: &shared, context: &context) }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, shared: @_addressable SharedStroke, context: inout RecognizerContext) {
        cancelled(context: &context)
    }

    // The engine's hooks (`StrokeGestureRecognizer.call`), over its touches in place (InPlaceHooks);
    // `shared` is `inout` only so that the engine's is read where it lies, not copied (22 KB).

    mutating func began(_ touches: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        for i in touches.indices {
            let touch = touches[i]
            if followed == nil {
                // Another recognizer's first finger is not this one's: the shared stroke is not its.
                guard shared.follows(touch.trackingId) else {
                    context.state = .failed
                    return
                }
                followed = touch.trackingId
                matcher.begin(at: touch.position, time: context.now, panelWidth: context.panelWidth, panelHeight: context.panelHeight)
                if matcher.isContinuous {
                    report(shared, context: &context, at: touch.position)
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

    mutating func moved(_ touches: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        guard let touch = followedTouch(in: touches) else { return }
        guard matcher.move(to: touch.position, time: context.now) else {
            matcher.cancel()
            context.state = context.currentState.isActive ? .cancelled : .failed
            return
        }
        if matcher.isContinuous {
            report(shared, context: &context, at: touch.position)
            context.state = .changed
        }
    }

    mutating func ended(_ touches: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        guard let touch = followedTouch(in: touches) else { return }
        let complete = shared.follows(followed) && shared.capture.state == .committed
        let matched = complete && matcher.end(inPlace: &shared, values: &context.values)
        context.location = touch.position
        context.reportedTouches = 1
        if matcher.isContinuous {
            context.state = matched ? .ended : .cancelled
        } else {
            context.state = matched ? .recognized : .failed
        }
    }

    mutating func cancelled(context: inout RecognizerContext) {
        matcher.cancel()
        context.state = context.currentState.isActive ? .cancelled : .failed
    }

    public mutating func reset() {
        followed = nil
        matcher.cancel()
    }

    func followedTouch(in touches: HookTouches) -> TrackedTouch? {
        guard let followed else { return nil }
        return touches.touch(followed)
    }

    private func report(_ shared: @_addressable SharedStroke, context: inout RecognizerContext, at point: PanelPoint) {
        matcher.progress(shared, &context.values)
        context.location = point
        context.reportedTouches = 1
    }
}

extension SingleStrokeRecognizer: Sendable where Matcher: Sendable {}

/// Run as an engine's custom type there is no shared stroke: the matcher judges from what it kept
/// itself (`end(at:time:values:)`), and a continuous one reports no progress values. The built-in
/// stroke recognizers (`StrokeGestureRecognizer`) need none of this.
extension SingleStrokeRecognizer: CustomRecognizer {
    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        for i in touches.indices {
            let touch = touches[i]
            if followed == nil {
                followed = touch.trackingId
                matcher.begin(at: touch.position, time: context.now, panelWidth: context.panelWidth, panelHeight: context.panelHeight)
                if matcher.isContinuous { context.state = .began }
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
        guard let touch = HookTouches.with(touches, { followedTouch(in: $0) }) else { return }
        guard matcher.move(to: touch.position, time: context.now) else {
            matcher.cancel()
            context.state = context.currentState.isActive ? .cancelled : .failed
            return
        }
        if matcher.isContinuous { context.state = .changed }
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        guard let touch = HookTouches.with(touches, { followedTouch(in: $0) }) else { return }
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
}
