import Glibc
import Testing
@testable import TouchHost

/// A real UART is often found as a login terminal leaves it: cooked, echoing what it receives and
/// translating CR and LF both ways. A port touchhost opens must pass every byte unchanged both ways
/// and echo nothing, whichever way it is opened (libserialport or a plain descriptor).
@Suite struct CookedPortTests {
    /// A pseudo-terminal whose slave side is set as a terminal's default: ECHO, ICANON, ISIG,
    /// ICRNL, OPOST with ONLCR. The pty stands in for /dev/ttyS: no UART exists on these machines.
    final class CookedTerminal {
        let master: Int32
        let keeper: Int32
        let path: String

        init() throws {
            master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0)
            var name = [CChar](repeating: 0, count: 128)
            try #require(ptsname_r(master, &name, name.count) == 0)
            path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Held open as a getty would, so the settings are the terminal's, not a first opener's.
            keeper = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(keeper >= 0)
            var settings = termios()
            try #require(tcgetattr(keeper, &settings) == 0)
            settings.c_lflag |= tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
            settings.c_iflag |= tcflag_t(ICRNL)
            settings.c_oflag |= tcflag_t(OPOST | ONLCR)
            try #require(tcsetattr(keeper, TCSANOW, &settings) == 0)
        }

        deinit {
            close(keeper)
            close(master)
        }

        var flags: termios {
            var settings = termios()
            _ = tcgetattr(keeper, &settings)
            return settings
        }

        func write(_ bytes: [UInt8]) {
            let count = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            #expect(count == bytes.count)
        }

        /// What reaches the master within `milliseconds` of quiet (echo goes through the tty's
        /// work queue, so it may come a little after the bytes it echoes: a real wait, bounded).
        func drain(quietFor milliseconds: Int32) -> [UInt8] {
            var received: [UInt8] = []
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            while poll(&entry, 1, milliseconds) > 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received += chunk.prefix(count)
            }
            return received
        }
    }

    /// Every byte value: CR, LF, erase, kill, EOF, interrupt and XON/XOFF among them.
    static let everyByte = (0...255).map { UInt8($0) }

    private func readAll(_ link: any ByteLink, count: Int) throws -> [UInt8] {
        var received: [UInt8] = []
        var waits = 0
        // Bounded real waits for the pty to carry the bytes (generous for a busy machine).
        while received.count < count, waits < 250 {
            if link.waitForInput(milliseconds: 20) { _ = try link.read(into: &received) } else { waits += 1 }
        }
        return received
    }

    @Test func aCookedPortPassesEveryByteUnchangedAndEchoesNothing() throws {
        let terminal = try CookedTerminal()
        #expect(terminal.flags.c_lflag & tcflag_t(ECHO) != 0, "the terminal starts cooked")
        let link = try LinkOpener.open(terminal.path)
        defer { link.close() }
        terminal.write(Self.everyByte)
        #expect(try readAll(link, count: Self.everyByte.count) == Self.everyByte)
        #expect(terminal.drain(quietFor: 300) == [], "the port echoed what it received")
        try link.write(Self.everyByte.reversed())
        try link.flushOutput()
        #expect(terminal.drain(quietFor: 300) == Self.everyByte.reversed())
    }

    /// What `LibSerialPortLink` does after libserialport has set the line (which leaves some
    /// translations to the terminal's defaults): every translation off, the line kept.
    @Test func rawModeOverAChosenLineKeepsTheLineAndDropsEveryTranslation() throws {
        let terminal = try CookedTerminal()
        var line = terminal.flags
        line.c_cflag = (line.c_cflag & ~tcflag_t(CSIZE)) | tcflag_t(CS7 | PARENB | CSTOPB)
        line.c_iflag |= tcflag_t(IXON | IXOFF | INLCR | IGNCR)
        cfsetispeed(&line, speed_t(B9600))
        cfsetospeed(&line, speed_t(B9600))
        #expect(tcsetattr(terminal.keeper, TCSANOW, &line) == 0)
        // A pty keeps 8 bits without parity whatever it is asked: the line is what it accepted.
        let chosen = terminal.flags

        try Terminal.makeRaw(keepingLineOf: terminal.keeper, name: terminal.path)

        let raw = terminal.flags
        #expect(raw.c_lflag & tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | INLCR | IGNCR | ISTRIP | IXANY) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        #expect(raw.c_cflag == chosen.c_cflag | tcflag_t(CLOCAL | CREAD), "the line's rate, bits, parity and stop bits stay")
        #expect(raw.c_iflag & tcflag_t(IXON | IXOFF) == tcflag_t(IXON | IXOFF), "software flow control stays as chosen")
        var settings = raw
        #expect(cfgetospeed(&settings) == speed_t(B9600))
    }
}
