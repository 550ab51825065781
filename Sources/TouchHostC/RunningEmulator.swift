import Glibc
import Synchronization
import TouchHost

/// `emulate:BOARD[?script=FILE&seed=N]`: the controller firmware emulated in-process by TouchHost's
/// `EmulatorHost` on a thread of its own, served on a pseudo-terminal the context opens like a
/// port. With a script, the emulator plays it once the context first speaks and hangs up 1.5 s
/// after its end, which the context reports as a disconnect.
final class RunningEmulator: @unchecked Sendable {
    let path: String
    private let host: EmulatorHost
    private let terminal: PseudoTerminal
    private let finished = Atomic(false)
    private var thread: HostThread?

    private init(host: EmulatorHost, terminal: PseudoTerminal) {
        self.host = host
        self.terminal = terminal
        path = terminal.path
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
        let host = EmulatorHost(board: board, seed: seed, links: EmulatorLinks(.pty(terminal)), script: script)
        let running = RunningEmulator(host: host, terminal: terminal)
        do {
            running.thread = try HostThread { [running] in
                try? running.host.run()
                // The controller's side hangs up: the context sees its device go away.
                running.terminal.link.close()
                running.finished.store(true, ordering: .releasing)
            }
        } catch {
            throw CallError(.io, error.message)
        }
        return running
    }

    /// Stops the emulator and waits (at most 2 s) for its thread to finish; a thread that does not
    /// finish by then is left to end on its own.
    func stop() {
        host.stop()
        let deadline = MonotonicClock.now() + 2_000_000
        while !finished.load(ordering: .acquiring), MonotonicClock.now() < deadline { usleep(1_000) }
        if finished.load(ordering: .acquiring) { thread?.join() } else { thread?.detach() }
    }
}
