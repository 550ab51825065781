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
    /// An emulated UART with nobody listening loses bytes rather than stalling the firmware.
    public var dropsWhenFull = false
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
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.write(writeDescriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written > 0 {
                offset += written
                continue
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else { throw LinkError(port: name, errno: code) }
            if dropsWhenFull { return }
            var entry = pollfd(fd: writeDescriptor, events: Int16(POLLOUT), revents: 0)
            guard poll(&entry, 1, 2_000) > 0 else { throw LinkError(port: name, cause: .timedOut) }
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
