/// The one or two touch frames a single report produces, in order. A report produces two when a
/// touch must end before another begins (a lost lift, a timeout caught late, a device restart):
/// like libevdev after SYN_DROPPED, the ending gets a frame of its own so no consumer ever sees
/// the old touch and its successor in the same moment.
public struct TouchFrameBatch: Sendable {
    public static let maxFrames = 2

    public private(set) var frames = InlineList<2, TouchFrame>(filler: TouchFrame(timestamp: 0))

    public init() {}

    public var count: Int { frames.count }
    public var indices: Range<Int> { frames.indices }
    public subscript(position: Int) -> TouchFrame { frames[position] }
    /// The frames in place: a frame is about a kilobyte, and the subscript returns a copy.
    public var elements: Span<TouchFrame> {
        @_lifetime(borrow self)
        get { frames.elements }
    }

    mutating func removeAll() {
        frames.removeAll()
    }

    mutating func append(_ frame: TouchFrame) {
        let added = frames.append(frame)
        precondition(added, "a report yields at most two frames")
    }

    /// Appends an empty frame and lets `fill` write its touches where they stay, with no copy of
    /// the finished frame.
    mutating func appendFrame(timestamp: Microseconds, _ fill: (inout TouchFrame.Touches) -> Void) {
        append(TouchFrame(timestamp: timestamp))
        fill(&frames[frames.count - 1].touches)
    }
}
