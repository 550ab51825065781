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
