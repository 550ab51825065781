import Glibc

/// A file touchhost writes: a recording (`record -o`, the C API), an SVG (`plot -o`), a calibration
/// (`calibrate -o`), a stimulus log. Only a regular file is ever written: a name that does not
/// exist yet is created, a regular file is emptied in place (`creating`) or atomically replaced
/// (`replace`), and anything else is refused before it is opened: a device node (`/dev/null` run as
/// root must stay a device), a FIFO, a socket, a directory, and a symbolic link, which would lead
/// the write to a place the user did not name.
public final class OutputFile {
    public let path: String
    private var descriptor: Int32

    /// Creates or empties the file at `path`, never following a symbolic link and never opening
    /// anything but a regular file. Every `write` reaches the kernel at once, so what was written
    /// survives the writer being killed.
    public init(creating path: String) throws(HostFailure) {
        self.path = path
        try Self.checkWritable(path)
        // O_NOFOLLOW and O_NONBLOCK: whatever replaced the name since the check (a link, a FIFO
        // with no reader) fails or returns at once instead of leading the write elsewhere or
        // blocking; the descriptor is then checked to be a regular file before anything is cut.
        descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.openFailure(path, errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            _ = Glibc.close(descriptor)
            descriptor = -1
            throw HostFailure("\(path): \(Self.refusal(mode: info.st_mode))")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard ftruncate(descriptor, 0) == 0 else {
            let systemError = errno
            _ = Glibc.close(descriptor)
            descriptor = -1
            throw HostFailure("\(path): cannot empty (\(String(cString: strerror(systemError))))", systemError: systemError)
        }
    }

    /// Writes `text` to `path` at once: to a new file beside it, then renamed over it, so a reader
    /// sees the old file or the new one, never half of one. Refused, as `creating` refuses, when
    /// `path` names anything but a regular file or nothing; the rename replaces the name itself,
    /// never a link's target.
    public static func replace(_ path: String, with text: String) throws(HostFailure) {
        try checkWritable(path)
        let (folder, name) = FileStatus.split(path)
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let systemError = errno
            throw HostFailure("\(path): cannot write (\(String(cString: strerror(systemError))))", systemError: systemError)
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = String(cString: template)
        let file = OutputFile(path: temporary, descriptor: descriptor)
        // mkstemp makes the file private (0600); the result is an ordinary file like any other.
        let mode = FileStatus.permissions(path) ?? 0o644
        let written = file.write(text) && fchmod(descriptor, mode) == 0 && fsync(descriptor) == 0
        let systemError = errno
        file.close()
        guard written, rename(temporary, path) == 0 else {
            let failure = written ? errno : systemError
            unlink(temporary)
            throw HostFailure("\(path): cannot write (\(String(cString: strerror(failure))))", systemError: failure)
        }
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Throws unless `path` names nothing yet or a regular file (not through a link).
    public static func checkWritable(_ path: String) throws(HostFailure) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let systemError = errno
            if systemError == ENOENT { return }
            throw HostFailure("\(path): cannot write (\(String(cString: strerror(systemError))))", systemError: systemError)
        }
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            throw HostFailure("\(path): \(refusal(mode: info.st_mode))")
        }
    }

    /// Why a path that is not a regular file is not written.
    private static func refusal(mode: mode_t) -> String {
        let kind: String
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFLNK): return "is a symbolic link; name the file it points to, touchhost does not write through links"
        case mode_t(S_IFDIR): kind = "a directory"
        case mode_t(S_IFCHR): kind = "a character device"
        case mode_t(S_IFBLK): kind = "a block device"
        case mode_t(S_IFIFO): kind = "a FIFO"
        case mode_t(S_IFSOCK): kind = "a socket"
        default: kind = "not a regular file"
        }
        return "is \(kind); touchhost writes only regular files"
    }

    private static func openFailure(_ path: String, _ systemError: Int32) -> HostFailure {
        if systemError == ELOOP {
            return HostFailure("\(path): \(refusal(mode: mode_t(S_IFLNK)))", systemError: systemError)
        }
        if systemError == ENXIO {
            return HostFailure("\(path): \(refusal(mode: mode_t(S_IFIFO)))", systemError: systemError)
        }
        return HostFailure("\(path): cannot create (\(String(cString: strerror(systemError))))", systemError: systemError)
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
