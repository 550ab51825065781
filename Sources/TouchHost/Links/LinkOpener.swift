import Glibc

/// Opens what the user named: a TCP connection, a serial port through libserialport, or — when
/// libserialport refuses the device, as 0.1.1 does for pseudo-terminals — a plain descriptor.
public enum LinkOpener {
    /// `baud` overrides the address's `?baud=` option when given; `connectTimeoutMilliseconds`
    /// bounds a TCP connect (-1: the system's own timeout).
    public static func open(_ text: String, baud: Int? = nil, connectTimeoutMilliseconds: Int32 = -1) throws(LinkError) -> any ByteLink {
        switch try PortAddress.parse(text) {
        case .tcp(let host, let port):
            return try TCPLink.connect(host: host, port: port, timeoutMilliseconds: connectTimeoutMilliseconds)
        case .serial(let path, var settings):
            if let baud { settings.baud = baud }
            var status = stat()
            guard stat(path, &status) == 0 else { throw LinkError(port: path, errno: errno) }
            // Probe first with a plain open: it tells missing, busy and permission apart, which
            // libserialport reports only as a generic failure.
            let probe = try FileDescriptorLink.open(path: path, baud: settings.baud)
            do throws(LinkError) {
                try refuseNonTerminal(path, mode: status.st_mode)
            } catch {
                probe.close()
                throw error
            }
            if isatty(probe.readDescriptor) != 0, !isPseudoTerminal(path) {
                probe.close()
                if let port = LibSerialPortLink.open(path: path, settings: settings, name: path) { return port }
                return try FileDescriptorLink.open(path: path, baud: settings.baud)
            }
            guard isatty(probe.readDescriptor) != 0 else {
                probe.close()
                throw notTerminal(path)
            }
            return probe
        }
    }

    /// Only a terminal can be a controller's port: once the probe has opened the path (so a missing,
    /// busy or forbidden one is said as such), a regular file, a directory or a pipe is refused by
    /// name, and so is a character device that is no terminal (`/dev/null`, `/dev/zero`), which
    /// would never answer and (for `/dev/zero`) flood the session.
    static func refuseNonTerminal(_ path: String, mode: mode_t) throws(LinkError) {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG):
            throw LinkError(port: path, cause: .invalid("is a regular file, not a serial port (to play a recording: touchhost replay, or replay:FILE)"))
        case mode_t(S_IFDIR):
            throw LinkError(port: path, cause: .invalid("is a directory, not a serial port"))
        case mode_t(S_IFCHR):
            break
        default:
            throw notTerminal(path)
        }
    }

    static func notTerminal(_ path: String) -> LinkError {
        LinkError(port: path, cause: .invalid("is not a serial port or terminal"))
    }

    /// libserialport 0.1.1 cannot open these; going straight to the descriptor link avoids a
    /// confusing failed attempt.
    static func isPseudoTerminal(_ path: String) -> Bool {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX))
        let real = realpath(path, &resolved) != nil
            ? String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : path
        return real.hasPrefix("/dev/pts/") || real == "/dev/ptmx"
    }
}
