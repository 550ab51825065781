import Glibc
import TouchHost

/// `emulate:BOARD[?script=FILE&seed=N]`: the controller firmware emulated in-process by TouchHost's
/// `EmulatorHost` on a thread of its own, served on a pseudo-terminal the context opens like a
/// port. With a script, the emulator plays it once the context first speaks and hangs up 1.5 s
/// after its end, which the context reports as a disconnect.
final class RunningEmulator: @unchecked Sendable {
    let path: String
    private let host: EmulatorHost
    private let terminal: PseudoTerminal
    private var thread: HostThread?
    /// The read end of a pipe whose write end the emulator's thread holds and closes as it ends:
    /// `stop` waits for that hang-up in `poll`, neither polling a flag nor reading a clock.
    private let exitSignal: Int32
    private let exitSignalWriter: Int32

    private init(host: EmulatorHost, terminal: PseudoTerminal, exitPipe: (read: Int32, write: Int32)) {
        self.host = host
        self.terminal = terminal
        path = terminal.path
        exitSignal = exitPipe.read
        exitSignalWriter = exitPipe.write
    }

    static func start(_ text: String) throws(CallError) -> RunningEmulator {
        var name = text
        var scriptPath: String? = nil
        var seed: UInt64 = 1
        if let mark = text.firstIndex(of: "?") {
            name = String(text[..<mark])
            for option in text[text.index(after: mark)...].split(separator: "&") {
                let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { throw CallError(.invalidArgument, "emulate option '\(option)' has no value") }
                switch pair[0] {
                case "script": scriptPath = pair[1]
                case "seed":
                    guard let value = UInt64(pair[1]) else { throw CallError(.invalidArgument, "seed '\(pair[1])' is not a number") }
                    seed = value
                default: throw CallError(.invalidArgument, "unknown emulate option '\(pair[0])' (script, seed)")
                }
            }
        }
        if name.isEmpty { name = BoardListing.defaultName }
        guard let board = BoardListing.board(named: name) else {
            throw CallError(.notFound, "unknown board '\(name)' (known: \(BoardListing.names.joined(separator: ", ")))")
        }
        var script: TouchScript? = nil
        if let scriptPath {
            let text: String
            do {
                text = try TouchScript.text(path: scriptPath)
            } catch {
                throw CallError(access(scriptPath, F_OK) == 0 ? .io : .notFound, error.message)
            }
            do {
                script = try TouchScriptParser.parse(text)
            } catch {
                throw CallError(.format, "\(scriptPath): \(error)")
            }
            if script!.hasReports {
                throw CallError(.format, "\(scriptPath): controller-level report lines cannot be played on a panel")
            }
        }
        let terminal: PseudoTerminal
        do {
            terminal = try PseudoTerminal()
        } catch {
            throw CallError(.io, error.description)
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            terminal.link.close()
            throw CallError(.io, "cannot make a pipe for the emulator: \(String(cString: strerror(errno)))")
        }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let host = EmulatorHost(board: board, seed: seed, links: EmulatorLinks(.pty(terminal)), script: script)
        let running = RunningEmulator(host: host, terminal: terminal, exitPipe: (ends[0], ends[1]))
        do {
            running.thread = try HostThread { [running] in
                try? running.host.run()
                // The controller's side hangs up: the context sees its device go away.
                running.terminal.link.close()
                close(running.exitSignalWriter)
            }
        } catch {
            close(ends[0])
            close(ends[1])
            throw CallError(.io, error.message)
        }
        return running
    }

    /// How long `stop` waits for the emulator's thread to end.
    static let stopTimeoutMilliseconds: Int32 = 2_000

    private var stopped = false

    /// Stops the emulator and waits (at most 2 s) for its thread to finish; a thread that does not
    /// finish by then is left to end on its own. Once.
    func stop() {
        guard !stopped else { return }
        stopped = true
        host.stop()
        var exit = pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat {
            ready = poll(&exit, 1, Self.stopTimeoutMilliseconds)
        } while ready < 0 && errno == EINTR
        if ready > 0 { thread?.join() } else { thread?.detach() }
        close(exitSignal)
    }
}
