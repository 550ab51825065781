/// Capacities of the gesture core, fixed at compile time so an engine's size is known before the
/// first frame arrives.
public enum GestureLimits {
    /// Recognizers per engine. Relations are stored as bit masks of this width.
    public static let maxRecognizers = 32
    /// Touches one recognizer follows at once; more are ignored by that recognizer.
    public static let touchesPerRecognizer = 10
    /// Regions per engine, the whole-panel root included.
    public static let maxRegions = 16
    /// Touches the engine remembers: every live contact plus lifted ones whose delivery to the
    /// application is still held back by a recognizer that has not decided yet.
    public static let rememberedTouches = 32
}

/// A recognizer's position in its engine, in the order it was added. Events carry it as
/// `GestureEvent.recognizer`; the host maps it to a name.
public struct RecognizerIndex: Equatable, Hashable, Sendable {
    public var rawValue: UInt8
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = UInt8(truncatingIfNeeded: rawValue) }
    var bit: UInt32 { 1 << UInt32(rawValue) }
    var position: Int { Int(rawValue) }
}

extension GestureEvent {
    public var recognizerIndex: RecognizerIndex { RecognizerIndex(recognizer) }
}
