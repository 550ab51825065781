/// The one or two touch frames a single report produces, in order. A report produces two when a
/// touch must end before another begins (a lost lift, a timeout caught late, a device restart):
/// like libevdev after SYN_DROPPED, the ending gets a frame of its own so no consumer ever sees
/// the old touch and its successor in the same moment.
///
/// Both frames have a place of their own that the tracker writes into directly and that lives as
/// long as the batch: a frame is about a kilobyte, and building a fresh one and copying it in cost
/// more than tracking the report. A caller that keeps its batch pays for the storage once.
public struct TouchFrameBatch: Sendable {
    public static let maxFrames = 2

    /// Touches that end before the report's own frame (part of the batch when `count` is 2).
    public var closing = TouchFrame(timestamp: 0)
    /// The report's own frame, always the last: its endings, then every live touch. Stored, so
    /// a reader reaches it in place.
    public var current = TouchFrame(timestamp: 0)
    @usableFromInline var frameCount = 0

    public init() {}

    @inlinable public var count: Int { frameCount }
    @inlinable public var indices: Range<Int> { 0..<frameCount }

    /// A copy of frame `position` (a kilobyte): hot paths read `closing` and `current` in place.
    /// (A yielding accessor would not copy, but the Embedded build allows no coroutines.)
    public subscript(position: Int) -> TouchFrame {
        precondition(position >= 0 && position < frameCount, "TouchFrameBatch index out of range")
        return position == 0 && frameCount == 2 ? closing : current
    }

    mutating func removeAll() { frameCount = 0 }

    /// Empties both places for a report at `timestamp`; the tracker fills them, then `close`s.
    mutating func start(timestamp: Microseconds) {
        closing.timestamp = timestamp
        closing.touches.removeAll()
        current.timestamp = timestamp
        current.touches.removeAll()
        frameCount = 0
    }

    /// Ends the report: the closing frame is part of the batch only when it holds a touch.
    mutating func close() { frameCount = closing.touches.isEmpty ? 1 : 2 }
}
