/// The stroke gestures built into the engine (checkmark, circle, backslash, capture, templates).
/// Empty until the stroke recognizers land. Each then becomes one case here holding a
/// `SingleStrokeRecognizer` over its matcher, with an arm in each switch below, and
/// `KioskRecognizer.recognizer(panelWidth:panelHeight:)` returns `.stroke(.checkmark(...))` for its
/// name. Nothing else in the engine changes: `BuiltInRecognizer.stroke` forwards to this enum.
/// A matcher over a stroke analyzer can be one small generic wrapper around a per-stroke session
/// (begin/move/end with samples) whose `end` fills `GestureValues` from the analyzer's result.
public enum StrokeGestureRecognizer: GestureRecognizer, Sendable {
    // case checkmark(SingleStrokeRecognizer<CheckmarkMatcher>)

    public var defaultName: StaticString { switch self {} }

    public var kind: GestureKind { switch self {} }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) { switch self {} }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) { switch self {} }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) { switch self {} }

    public mutating func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext) { switch self {} }

    public mutating func deadlineReached(context: inout RecognizerContext) { switch self {} }

    public mutating func reset() { switch self {} }
}
