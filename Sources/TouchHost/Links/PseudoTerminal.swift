import Glibc

/// A pseudo-terminal pair for the emulator: it keeps the controller (master) side, the host opens
/// `path`. Wraps posix_openpt, grantpt, unlockpt and ptsname_r.
public final class PseudoTerminal {
    /// The side the host opens, `/dev/pts/N`.
    public let path: String
    /// The emulator's side; writes to it drop bytes when nobody reads, like a UART.
    public let link: FileDescriptorLink
    /// The emulator holds the host side open too: it keeps the raw settings across host sessions
    /// and keeps the master from reading EIO whenever the host closes it.
    private let keeper: Int32

    public init() throws(LinkError) {
        let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw LinkError(port: "pty", errno: errno, doing: "posix_openpt") }
        guard grantpt(master) == 0, unlockpt(master) == 0 else {
            let code = errno
            Glibc.close(master)
            throw LinkError(port: "pty", errno: code, doing: "grantpt")
        }
        var name = [CChar](repeating: 0, count: 128)
        guard ptsname_r(master, &name, name.count) == 0 else {
            let code = errno
            Glibc.close(master)
            throw LinkError(port: "pty", errno: code, doing: "ptsname")
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let keeper = Glibc.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard keeper >= 0 else {
            let code = errno
            Glibc.close(master)
            throw LinkError(port: path, errno: code)
        }
        do throws(LinkError) {
            try Terminal.makeRaw(keeper, baud: 115_200, name: path)
        } catch {
            Glibc.close(keeper)
            Glibc.close(master)
            throw error
        }
        self.path = path
        self.keeper = keeper
        link = FileDescriptorLink(name: path, read: master, write: master, ownsDescriptors: true)
        link.emulateUART()
    }

    deinit {
        link.close()
        Glibc.close(keeper)
    }
}
