import Glibc

/// Opens what the user named: a TCP connection, a serial port through libserialport, or — when
/// libserialport refuses the device, as 0.1.1 does for pseudo-terminals — a plain descriptor.
public enum LinkOpener {
    /// `baud` overrides the address's `?baud=` option when given.
    public static func open(_ text: String, baud: Int? = nil) throws(LinkError) -> any ByteLink {
        switch try PortAddress.parse(text) {
        case .tcp(let host, let port):
            return try TCPLink.connect(host: host, port: port)
        case .serial(let path, var settings):
            if let baud { settings.baud = baud }
            var status = stat()
            guard stat(path, &status) == 0 else { throw LinkError(port: path, errno: errno) }
            // Probe first with a plain open: it tells missing, busy and permission apart, which
            // libserialport reports only as a generic failure.
            let probe = try FileDescriptorLink.open(path: path, baud: settings.baud)
            if isatty(probe.readDescriptor) != 0, !isPseudoTerminal(path) {
                probe.close()
                if let port = LibSerialPortLink.open(path: path, settings: settings, name: path) { return port }
                return try FileDescriptorLink.open(path: path, baud: settings.baud)
            }
            return probe
        }
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
