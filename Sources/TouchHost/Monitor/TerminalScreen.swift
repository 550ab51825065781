import Glibc

/// The terminal the live view draws on: alternate screen, hidden cursor, keys read without echo.
/// Whatever ends the program — a normal return, `exit`, Ctrl-C, SIGTERM — puts the terminal back
/// as it was, so a shell prompt is never left in the alternate screen or without a cursor.
public final class TerminalScreen {
    public static var isTerminal: Bool { isatty(1) == 1 }

    private var previous: [String] = []
    private var previousSize = (columns: 0, rows: 0)

    public init() {
        TerminalRestore.save()
        TerminalRestore.writeAll(TerminalRestore.enterSequence)
        signal(SIGINT, terminalSignalHandler)
        signal(SIGTERM, terminalSignalHandler)
        signal(SIGHUP, terminalSignalHandler)
        signal(SIGWINCH, resizeSignalHandler)
        // A parent may hand these down blocked (a test runner's spawned children inherit its
        // mask); blocked, Ctrl-C would never reach the handler that restores the terminal.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        atexit { TerminalRestore.restore() }
    }

    deinit { TerminalRestore.restore() }

    /// Columns and rows from TIOCGWINSZ, 80 x 24 when the terminal does not say.
    public static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Draws the rows, rewriting only lines that changed; a resize redraws everything.
    public func draw(_ rows: [MonitorScreen.Row], size: (columns: Int, rows: Int)) {
        let resized = size != previousSize || TerminalRestore.resized != 0
        TerminalRestore.resized = 0
        var output = resized ? "\u{1B}[0m\u{1B}[2J" : ""
        for (index, row) in rows.enumerated() {
            let line = Self.style(row.style) + row.text + "\u{1B}[0m"
            if !resized, index < previous.count, previous[index] == line { continue }
            output += "\u{1B}[\(index + 1);1H" + line
        }
        previous = rows.enumerated().map { Self.style($0.element.style) + $0.element.text + "\u{1B}[0m" }
        previousSize = size
        if !output.isEmpty { TerminalRestore.writeAll(Array(output.utf8)) }
    }

    /// A key pressed since the last call, if any.
    public func key() -> Character? {
        var pending = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&pending, 1, 0) > 0 else { return nil }
        var byte: UInt8 = 0
        guard read(0, &byte, 1) == 1 else { return nil }
        return Character(UnicodeScalar(byte))
    }

    /// Whether SIGWINCH arrived since the last draw.
    public var wasResized: Bool { TerminalRestore.resized != 0 }

    static func style(_ style: MonitorScreen.Style) -> String {
        switch style {
        case .plain: ""
        case .header: "\u{1B}[7;1m"
        case .banner: "\u{1B}[1;7;31m"
        case .footer: "\u{1B}[2m"
        }
    }
}

/// State the signal handlers reach: they may only touch globals and call async-signal-safe functions.
enum TerminalRestore {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var hasSaved = false
    nonisolated(unsafe) static var resized: sig_atomic_t = 0

    /// Alternate screen, cursor hidden, screen cleared.
    static let enterSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J".utf8)
    /// Attributes reset, cursor shown, alternate screen left.
    static let leaveSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    static func save() {
        guard isatty(0) == 1, tcgetattr(0, &saved) == 0 else { return }
        hasSaved = true
        var keys = saved
        // Keys arrive one at a time and unechoed; ISIG stays on so Ctrl-C still reaches the handler.
        keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
        keys.c_cc.6 = 0  // VMIN
        keys.c_cc.5 = 0  // VTIME
        tcsetattr(0, TCSANOW, &keys)
    }

    static func restore() {
        // No "already restored" flag: leaving the alternate screen twice does no harm, and the
        // flag read from the signal handler proved unreliable.
        writeAll(leaveSequence)
        if hasSaved { tcsetattr(0, TCSANOW, &saved) }
    }

    static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

private func terminalSignalHandler(_ signal: Int32) {
    TerminalRestore.restore()
    _exit(128 + signal)
}

private func resizeSignalHandler(_ signal: Int32) {
    TerminalRestore.resized = 1
}
