/// The bytes a link accepted but the operating system has not taken yet, bounded: a write never
/// waits for the far end. A host's link refuses a write that would pass `limit` (the far end
/// stopped reading, `LinkError.Cause.notReading`), and the session that owns it treats that as a
/// lost link; an emulated device's link (`dropsOverflow`) loses the excess, as a UART does.
public struct OutgoingQueue: Sendable {
    /// What a host's link holds for a device that reads slowly: far more than any burst of
    /// commands, far less than memory.
    public static let hostLimit = 65_536

    public let limit: Int
    public let dropsOverflow: Bool
    private var bytes: [UInt8] = []
    /// Bytes at the front of `bytes` already written.
    private var start = 0

    public init(limit: Int = OutgoingQueue.hostLimit, dropsOverflow: Bool = false) {
        self.limit = limit
        self.dropsOverflow = dropsOverflow
    }

    public var count: Int { bytes.count - start }
    public var isEmpty: Bool { start == bytes.count }

    /// Writes the queued bytes and then `more` through `writeSome` (which returns the count taken,
    /// nil when the descriptor is full) without waiting; what is left is queued.
    public mutating func write(
        _ more: [UInt8], port: String, through writeSome: ([UInt8], Int) throws(LinkError) -> Int?
    ) throws(LinkError) {
        try flush(through: writeSome)
        var offset = 0
        if isEmpty {
            while offset < more.count, let written = try writeSome(more, offset) { offset += written }
        }
        let rest = more.count - offset
        guard rest > 0 else { return }
        let room = max(0, limit - count)
        if rest > room && !dropsOverflow {
            throw LinkError(port: port, cause: .notReading(waiting: count + rest))
        }
        bytes.append(contentsOf: more[offset..<(offset + min(rest, room))])
    }

    /// Writes what the descriptor takes of the queued bytes, without waiting.
    public mutating func flush(through writeSome: ([UInt8], Int) throws(LinkError) -> Int?) throws(LinkError) {
        while start < bytes.count, let written = try writeSome(bytes, start) { start += written }
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 16_384 {
            bytes.removeFirst(start)
            start = 0
        }
    }
}
