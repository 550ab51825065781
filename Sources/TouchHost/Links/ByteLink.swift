import Glibc

/// A two-way byte stream to a controller or a host: a serial port, a pseudo-terminal, a socket.
/// Neither reads nor writes block: `pollDescriptor` says when there is something to read, and what
/// the far end cannot take yet waits in the link's bounded `OutgoingQueue` (`queuedOutput`,
/// `flushOutput`); a write past its bound throws `notReading`.
public protocol ByteLink: AnyObject {
    /// What the user called it, for messages: `/dev/ttyUSB0`, `tcp:localhost:7000`.
    var name: String { get }
    /// A descriptor that `poll(2)` reports readable when `read` has bytes.
    var pollDescriptor: Int32 { get }
    /// Appends what is waiting to `buffer` and returns how many bytes that was (0 when nothing is).
    /// Throws when the other end has gone away.
    func read(into buffer: inout [UInt8]) throws(LinkError) -> Int
    /// Sends `bytes` without waiting: what the far end cannot take now is queued.
    func write(_ bytes: [UInt8]) throws(LinkError)
    /// Bytes written and not yet taken by the far end.
    var queuedOutput: Int { get }
    /// Sends what the far end takes now of the queued bytes, without waiting.
    func flushOutput() throws(LinkError)
    func close()
    /// The line's baud rate, for messages; nil where there is none (a socket, a pipe).
    var baud: Int? { get }
}

extension ByteLink {
    public var baud: Int? { nil }
    public var queuedOutput: Int { 0 }
    public func flushOutput() throws(LinkError) {}

    /// Appends what is waiting, up to about `limit` bytes (one `read` may pass it by a chunk), and
    /// returns how many bytes came: a link that never runs dry cannot hold the caller or grow its buffer.
    @discardableResult
    public func readAvailable(into buffer: inout [UInt8], limit: Int) throws(LinkError) -> Int {
        var total = 0
        while total < limit {
            let count = try read(into: &buffer)
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Waits up to `milliseconds` for bytes; true when some are waiting.
    public func waitForInput(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: pollDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        return ready > 0 && entry.revents != 0
    }
}
