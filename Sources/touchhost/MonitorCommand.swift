import ArgumentParser
import Foundation
import TouchCore
import TouchHost

struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Watch a controller on a serial port, a pseudo-terminal or tcp:HOST:PORT, or a Linux input device.",
        discussion: """
            On a terminal it shows a live view (keys: q quit, h heatmap, m map, c clear); piped, or with \
            --lines, one aligned line per event; --json the event stream. PORT may carry line settings: \
            /dev/ttyUSB0?baud=115200&flow=rtscts. --until-idle S ends the run once no touch is down and \
            nothing has happened for S seconds. PORT may be a Linux input device, /dev/input/eventN or a \
            by-id/by-path link (?grab=1 takes it for touchhost alone): it is shown line by line.
            """)

    @Argument(help: "/dev/ttyUSB0, /dev/pts/N, tcp:HOST:PORT or /dev/input/eventN[?grab=1].")
    var port: String

    @Flag(help: "Print the JSON event stream.")
    var json = false

    @Flag(help: "Print one line per event even on a terminal.")
    var lines = false

    @Flag(help: "Ask the device for heatmaps too (set-mode both) and show them in the live view.")
    var heatmap = false

    @Option(help: "kiosk, or a comma-separated list of recognizer names.")
    var recognizers: String = "kiosk"

    @Option(help: "Ask the device for contacts, heatmap, both or gestures (the device recognizes) after the handshake.")
    var mode: String?

    @Option(name: .customLong("protocol"), help: "A legacy controller's packet protocol: elo, mtouch, penmount6250 or egalax.")
    var legacyProtocol: String?

    @Option(help: "The legacy panel's size in mm, WxH (default 345x194), or an input device's that reports no resolution.")
    var size: String?

    @Option(name: .customLong("contacts-from"), help: "controller (its contact reports) or heatmap (the host finds contacts in raw heatmaps).")
    var contactsFrom: String = "controller"

    @OptionGroup var palmOptions: PalmOptions

    @OptionGroup var live: LiveOptions

    @OptionGroup var screenOptions: ScreenOptions

    func validate() throws {
        do { _ = try RecognizerSelection.parse(recognizers) } catch { throw ValidationError("--recognizers: \(error)") }
        if let mode, !DeviceSession.reportModeNames.contains(mode) {
            throw ValidationError("--mode: expected one of \(DeviceSession.reportModeNames.joined(separator: ", ")), not '\(mode)'")
        }
        if mode != nil, contactsFrom == "heatmap" || legacyProtocol != nil || heatmap {
            throw ValidationError("--mode does not go with --heatmap, --contacts-from heatmap or --protocol")
        }
        if let legacyProtocol, LegacyProtocol(name: legacyProtocol) == nil {
            throw ValidationError("--protocol: unknown protocol '\(legacyProtocol)' (known: elo, mtouch, penmount6250, egalax)")
        }
        guard contactsFrom == "controller" || contactsFrom == "heatmap" else {
            throw ValidationError("--contacts-from is controller or heatmap")
        }
        if contactsFrom == "heatmap", legacyProtocol != nil { throw ValidationError("legacy controllers send no heatmaps") }
        if json && lines { throw ValidationError("--json and --lines are two different outputs: choose one") }
        if heatmap, legacyProtocol != nil { throw ValidationError("legacy controllers send no heatmaps") }
        let inputDevice = (try? SourceSpec.parse(port))?.isInputDevice ?? false
        if inputDevice, legacyProtocol != nil || mode != nil || heatmap || contactsFrom == "heatmap" {
            throw ValidationError("a Linux input device takes no --protocol or --mode and sends no heatmaps")
        }
        if let size {
            guard legacyProtocol != nil || inputDevice else { throw ValidationError("--size needs --protocol (or a Linux input device)") }
            guard Self.panel(size) != nil else { throw ValidationError("--size is WxH in mm, e.g. 345x194") }
        }
    }

    static func panel(_ text: String) -> PanelSize? { PanelSize(millimetres: text) }

    /// PORT as a `SourceSpec` (`/dev/ttyS0?protocol=elo&size=300x200`, `...?mode=heatmap`), the
    /// options given as flags taking precedence over the same ones in the address.
    func source() throws -> SourceSpec {
        var spec = try SourceSpec.parse(port)
        if let legacyProtocol { spec.legacyProtocol = LegacyProtocol(name: legacyProtocol) }
        if let size { spec.size = Self.panel(size) }
        if contactsFrom == "heatmap" { spec.mode = "heatmap" } else if let mode { spec.mode = mode }
        if spec.legacyProtocol != nil, spec.mode != nil || heatmap {
            throw ValidationError("legacy controllers take no mode and send no heatmaps")
        }
        return spec
    }

    func run() throws {
        let selection = try RecognizerSelection.parse(recognizers)
        let spec = try source()
        if !json && !lines && spec.legacyProtocol == nil && !spec.isInputDevice && TerminalScreen.isTerminal {
            try MonitorView(command: self, selection: selection).run()
            return
        }
        let output = EventOutput(json: json, recognizerNames: selection.engineNames, live: true, aligned: true)
        let opened = try spec.openSession(try recipe(selection: selection, sink: output.write))
        if !json, let line = opened.summary(name: port) { output.write(line: line) }
        switch opened {
        case .controller(let session):
            watch(session, output: output)
        case .legacy(let session, _, _):
            session.onNews = { news in if case .lost(let error, _) = news { output.disconnection = error } }
        case .inputDevice:
            // A device that goes and comes back says so in the event stream (disconnected, reconnected).
            break
        }
        try Self.run(opened.session, limits: live.limits())
        output.flush()
        try StopSignal.check()
        // Only a controller that never answered or was lost for good fails the run; a lost legacy port
        // ends it with its `disconnected` status in the stream, an input device is waited for.
        if case .controller(let session) = opened, let failure = session.failure { throw failure }
    }

    /// A controller's lost and reopened links go to the output, and its description first.
    private func watch(_ session: DeviceSession, output: EventOutput) {
        session.onNews = { news in
            switch news {
            case .lost(let error, _): output.disconnection = error
            case .reopened: output.reconnection = port
            default: break
            }
        }
        var described = false
        let requested = session.onDescribed
        session.onDescribed = { session in
            if !json, !described, let info = session.info {
                output.write(line: MonitorLineFormatter.deviceLine(port: port, info: info))
            }
            described = true
            requested?(session)
            if heatmap { requestHeatmaps(session) }
        }
    }

    /// Runs a live session on the one run loop: a bounded run stops when its bound does; a live
    /// link lost is opened again until then. What is still down when the run is cut is cancelled.
    static func run(
        _ session: any Session, limits: RunLimits, tick: Microseconds? = nil, watching: [Int32] = [],
        onWake: ((Microseconds) throws -> Bool)? = nil
    ) throws {
        let loop = SessionRunLoop(limits: limits)
        loop.tick = tick
        loop.watched = watching
        loop.onWake = onWake
        try loop.run(session)
    }

    /// How PORT becomes a session: the host stack over the chosen recognizers, palm policy and screen.
    func recipe(selection: RecognizerSelection, sink: @escaping (HostEvent) -> Void) throws -> SessionRecipe {
        live.recipe(recognizers: selection, screen: try screenOptions.setting(), palms: palmOptions.policy, sink: sink)
    }

    /// The controller on PORT (the live view): it describes itself and is asked for the chosen
    /// streams (on every link, the first and each one reopened after a loss), as the run loop dispatches it.
    func openSession(selection: RecognizerSelection, sink: @escaping (HostEvent) -> Void) throws -> DeviceSession {
        guard case .controller(let session) = try source().openSession(try recipe(selection: selection, sink: sink)) else {
            throw ValidationError("the live view is for a touchhost controller: add --lines")
        }
        if heatmap {
            let requested = session.onDescribed
            session.onDescribed = { session in
                requested?(session)
                requestHeatmaps(session)
            }
        }
        return session
    }

    /// Heatmaps alongside contacts, when the device can send them.
    func requestHeatmaps(_ session: DeviceSession) {
        guard session.heatmapFinder == nil, session.info?.supportedModes.supports(.heatmap) ?? false else { return }
        session.post(.setMode(.both))
    }
}
