import Foundation
import TouchCore
import TouchHost

/// `monitor` on a terminal: the session's events go into a `MonitorState`, redrawn at most 30
/// times a second and at once after a resize.
final class MonitorView {
    static let frameInterval: Microseconds = 33_333

    private let command: MonitorCommand
    private let selection: RecognizerSelection
    private var state: MonitorState
    private var base = MonitorState.Counters()
    private var lastDraw: Microseconds = 0
    private var quit = false

    init(command: MonitorCommand, selection: RecognizerSelection) {
        self.command = command
        self.selection = selection
        let baud = command.live.baud.map { "\($0) baud" } ?? (command.port.hasPrefix("/dev/pts") ? "pty" : "115200 baud")
        state = MonitorState(port: command.port, link: baud, recognizerNames: selection.engineNames)
        state.showsHeatmap = command.heatmap
    }

    func run() throws {
        let session = try command.openSession(selection: selection) { [unowned self] event in
            self.state.absorb(event, now: self.now)
        }
        session.onHeatmap = { [unowned self] slice in self.state.heatmap.add(slice) }
        let requested = session.onDescribed
        session.onDescribed = { [unowned self] session in
            requested?(session)
            self.state.info = session.info
            if self.state.showsHeatmap { self.command.requestHeatmaps(session) }
        }
        session.onNews = { [unowned self] news in
            // Each new link starts a fresh decoder: its counters add to what came before.
            if case .lost = news {
                self.base = self.counters(of: session)
                self.state.info = nil
            }
        }
        do {
            let screen = TerminalScreen()
            // The loop's stop signals replace the screen's handlers: the screen is put back as it
            // goes out of scope here, before the signal's exit status is given.
            try MonitorCommand.run(session, limits: command.live.limits(), tick: Self.frameInterval, watching: [0]) {
                [unowned self] now in
                self.now = now
                self.update(session, screen)
                return !self.quit
            }
            withExtendedLifetime(screen) {}
        }
        try StopSignal.check()
        if let failure = session.failure { throw failure }
    }

    /// The run loop's time as of its last wake.
    private var now: Microseconds = 0

    private func update(_ session: DeviceSession, _ screen: TerminalScreen) {
        while let key = screen.key() {
            switch key {
            case "q", "Q": quit = true
            case "h", "H":
                if !state.showsHeatmap, state.heatmap.isEmpty { command.requestHeatmaps(session) }
                state.showsHeatmap = true
            case "m", "M": state.showsHeatmap = false
            case "c", "C": state.clear()
            default: break
            }
            lastDraw = 0
        }
        guard now - lastDraw >= Self.frameInterval || screen.wasResized else { return }
        lastDraw = now
        let link = counters(of: session)
        state.counters.frames = link.frames
        state.counters.bytes = link.bytes
        state.counters.crcErrors = link.crcErrors
        state.counters.resyncs = link.resyncs
        state.expire(now: now)
        let size = TerminalScreen.size()
        screen.draw(MonitorScreen.render(state, width: size.columns, height: size.rows), size: size)
    }

    /// Link counters across reconnects: each new link starts a fresh decoder.
    private func counters(of session: DeviceSession) -> MonitorState.Counters {
        let statistics = session.decoder.statistics
        var total = base
        total.frames += statistics.frames
        total.bytes += statistics.bytes
        total.crcErrors += statistics.rejected(.badCRC)
        total.resyncs += statistics.resyncs
        return total
    }
}
