import Glibc

/// A link over a plain file descriptor: a pseudo-terminal, a tty libserialport will not open,
/// a socket, stdin/stdout. Wraps `read(2)`, `write(2)` and `poll(2)`.
public final class FileDescriptorLink: ByteLink {
    public let name: String
    public let readDescriptor: Int32
    public let writeDescriptor: Int32
    private let ownsDescriptors: Bool
    /// Set when `open` made the descriptor a raw terminal at this rate.
    public private(set) var baud: Int?
    /// Every write is non-blocking: what the descriptor cannot take yet waits in `output` and goes
    /// out with later writes or `flushOutput()`. A host's link refuses a write past
    /// `OutgoingQueue.hostLimit` (the device stopped reading); an emulated device's side
    /// (`emulateUART`) loses the excess, as a serial port's receive buffer does, so a host that
    /// stops reading cannot stall the firmware. A pty alone holds about 20 KiB, less than a busy
    /// machine can keep a reader waiting (one late tick of the emulator makes a burst of heatmaps).
    private var output = OutgoingQueue()
    /// The queue an emulated device's link gets: what a serial port's kernel buffer holds (64 KiB).
    public static let emulatedPortBuffer = 65_536
    private var closed = false

    public init(name: String, read: Int32, write: Int32, ownsDescriptors: Bool) {
        self.name = name
        self.readDescriptor = read
        self.writeDescriptor = write
        self.ownsDescriptors = ownsDescriptors
        _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
        if write != read { _ = fcntl(write, F_SETFL, fcntl(write, F_GETFL) | O_NONBLOCK) }
    }

    deinit { close() }

    /// Opens a character device (a tty or a pty's slave side) read-write, takes it for this process
    /// alone with an advisory lock, and for a terminal sets raw mode, `baud` and drops stale input.
    public static func open(path: String, name: String? = nil, baud: Int = 115_200) throws(LinkError) -> FileDescriptorLink {
        let label = name ?? path
        let fd = Glibc.open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw LinkError(port: label, errno: errno) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            Glibc.close(fd)
            throw LinkError(port: label, errno: code == EWOULDBLOCK ? EBUSY : code)
        }
        if isatty(fd) != 0 {
            do throws(LinkError) {
                try Terminal.makeRaw(fd, baud: baud, name: label)
            } catch {
                Glibc.close(fd)
                throw error
            }
            tcflush(fd, TCIFLUSH)
        }
        let link = FileDescriptorLink(name: label, read: fd, write: fd, ownsDescriptors: true)
        if isatty(fd) != 0 { link.baud = baud }
        return link
    }

    public var pollDescriptor: Int32 { readDescriptor }

    public func read(into buffer: inout [UInt8]) throws(LinkError) -> Int {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(readDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return count
        }
        if count == 0 { throw LinkError(port: name, cause: .disconnected) }
        let code = errno
        if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return 0 }
        throw LinkError(port: name, errno: code)
    }

    public func write(_ bytes: [UInt8]) throws(LinkError) {
        try output.write(bytes, port: name, through: writeSome)
    }

    /// Makes this the emulated device's side of a link: writes past `limit` queued bytes are lost.
    public func emulateUART(limit: Int = FileDescriptorLink.emulatedPortBuffer) {
        output = OutgoingQueue(limit: limit, dropsOverflow: true)
    }

    public var queuedOutput: Int { output.count }

    /// Whether queued bytes wait for the descriptor.
    public var hasQueuedOutput: Bool { !output.isEmpty }

    /// Writes what the descriptor takes of the queued bytes, without blocking.
    public func flushOutput() throws(LinkError) { try output.flush(through: writeSome) }

    public func flushQueued() throws(LinkError) { try flushOutput() }

    /// One `write(2)` of `bytes[offset...]`: the count written, nil when the descriptor is full.
    private func writeSome(_ bytes: [UInt8], _ offset: Int) throws(LinkError) -> Int? {
        while true {
            let written = bytes.withUnsafeBytes {
                Glibc.write(writeDescriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written > 0 { return written }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else { throw LinkError(port: name, errno: code) }
            return nil
        }
    }

    public func close() {
        guard !closed else { return }
        closed = true
        guard ownsDescriptors else { return }
        Glibc.close(readDescriptor)
        if writeDescriptor != readDescriptor { Glibc.close(writeDescriptor) }
    }
}
