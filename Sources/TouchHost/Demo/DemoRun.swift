import Glibc
import Synchronization
import TouchCore

/// The demo's machinery: the emulator on a pseudo-terminal on its own thread, and the host stack
/// reading the pty in this one, exactly as `emulate` and `monitor` would in two processes.
public final class DemoRun {
    private let emulator: EmulatorHost
    private let terminal: PseudoTerminal
    public var path: String { terminal.path }
    public var boardName: String { emulator.board.nameText }

    public init(board: String, script: String = DemoTour.script) throws {
        guard let definition = BoardListing.board(named: board) else { throw HostFailure("no board named \(board)") }
        let parsed: TouchScript
        do { parsed = try TouchScriptParser.parse(script) } catch { throw HostFailure("demo tour: \(error)") }
        terminal = try PseudoTerminal()
        emulator = EmulatorHost(board: definition, seed: 1, links: EmulatorLinks(.pty(terminal)), script: parsed)
    }

    /// Plays the tour and delivers every event to `sink`; returns when the emulator has finished
    /// and every timer has fired, or after `seconds`, or once a `StopSignal` came. The last two cut
    /// the tour short: touches and gestures under way are `cancelled`.
    public func run(
        recognizers: RecognizerSelection, seconds: Double?, screen: ScreenSetting? = nil, palms: PalmPolicy = .suppress,
        sink: @escaping (HostEvent) -> Void
    ) throws {
        let emulator = self.emulator
        let finished = DemoFlag()
        let thread = try HostThread {
            try? emulator.run()
            finished.set()
        }
        defer {
            emulator.stop()
            thread.join()
        }
        var recipe = SessionRecipe.hostStack(recognizers: recognizers, screen: screen, palms: palms, sink: sink)
        // The pty dies with the emulator: nothing to reopen.
        recipe.reopens = false
        let session = try SourceSpec(address: terminal.path).openSession(recipe).session
        let loop = SessionRunLoop(limits: RunLimits(duration: seconds, idle: nil))
        // The emulator's thread ends by itself; the loop looks at least every 10 ms.
        loop.tick = 10_000
        loop.onWake = { _ in !finished.value }
        try loop.run(session)
        if let failure = session.failure { throw failure }
    }
}

/// A flag one thread sets and another reads.
final class DemoFlag: Sendable {
    private let flag = Atomic(false)

    func set() { flag.store(true, ordering: .releasing) }
    var value: Bool { flag.load(ordering: .acquiring) }
}
