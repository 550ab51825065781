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

    mutating func removeAll() {
        frames.removeAll()
    }

    mutating func append(_ frame: TouchFrame) {
        let added = frames.append(frame)
        precondition(added, "a report yields at most two frames")
    }
}
