/// The delegate hooks of UIGestureRecognizerDelegate, asked by the engine while it processes a
/// frame or a timer. A generic parameter of the engine's methods rather than a stored reference,
/// so it costs no existential and may carry whatever state the host likes.
public protocol GestureEngineDelegate {
    /// Asked when `recognizer` is about to leave `possible`; false makes it fail instead.
    mutating func shouldBegin(_ recognizer: RecognizerIndex) -> Bool
    /// Asked once per new touch and recognizer; false means the recognizer never sees the touch.
    mutating func shouldReceive(_ touch: TrackedTouch, by recognizer: RecognizerIndex) -> Bool
    /// Either side answering true lets the two recognize at the same time.
    func shouldRecognizeSimultaneously(_ recognizer: RecognizerIndex, with other: RecognizerIndex) -> Bool
    /// True makes `recognizer` wait for `other` to fail, as `require(_:toFail:)` does.
    func shouldRequireFailure(of other: RecognizerIndex, for recognizer: RecognizerIndex) -> Bool
}

extension GestureEngineDelegate {
    public mutating func shouldBegin(_ recognizer: RecognizerIndex) -> Bool { true }
    public mutating func shouldReceive(_ touch: TrackedTouch, by recognizer: RecognizerIndex) -> Bool { true }
    public func shouldRecognizeSimultaneously(_ recognizer: RecognizerIndex, with other: RecognizerIndex) -> Bool {
        false
    }
    public func shouldRequireFailure(of other: RecognizerIndex, for recognizer: RecognizerIndex) -> Bool {
        false
    }
}

/// The delegate of an engine configured by relations alone.
public struct NoGestureDelegate: GestureEngineDelegate, Sendable {
    public init() {}
}
