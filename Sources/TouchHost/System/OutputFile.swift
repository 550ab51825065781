import Glibc

/// A file written from the start with plain `write(2)`: recordings. Every `write` reaches the
/// kernel at once, so what was written survives the writer being killed.
public final class OutputFile {
    public let path: String
    private var descriptor: Int32

    /// Creates or empties the file at `path`.
    public init(creating path: String) throws(HostFailure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let systemError = errno
            throw HostFailure("\(path): cannot create (\(String(cString: strerror(systemError))))", systemError: systemError)
        }
    }

    /// Writes all of `text`; false once the file could not take it (a full disk).
    @discardableResult
    public func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes all of `bytes`, whatever they are; false once the file could not take them.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count, descriptor >= 0 {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return offset == bytes.count
    }

    public func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
