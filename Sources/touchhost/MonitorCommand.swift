import ArgumentParser
import Foundation
import TouchCore
import TouchHost

struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Watch a controller on a serial port, a pseudo-terminal or tcp:HOST:PORT.",
        discussion: """
            On a terminal it shows a live view (keys: q quit, h heatmap, m map, c clear); piped, or with \
            --lines, one aligned line per event; --json the event stream. PORT may carry line settings: \
            /dev/ttyUSB0?baud=115200&flow=rtscts. --until-idle S ends the run once no touch is down and \
            nothing has happened for S seconds.
            """)

    @Argument(help: "/dev/ttyUSB0, /dev/pts/N or tcp:HOST:PORT.")
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

    @Option(help: "The legacy panel's size in mm, WxH (default 345x194).")
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
        if let size {
            guard legacyProtocol != nil else { throw ValidationError("--size needs --protocol") }
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
        if !json && !lines && spec.legacyProtocol == nil && TerminalScreen.isTerminal {
            try MonitorView(command: self, selection: selection).run()
            return
        }
        let output = EventOutput(json: json, recognizerNames: selection.engineNames, live: true, aligned: true)
        if let packetProtocol = spec.legacyProtocol {
            try runLegacy(packetProtocol, spec: spec, selection: selection, output: output)
            return
        }
        let session = try openSession(selection: selection, sink: output.write)
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
        }
        try Self.run(session, limits: live.limits())
        output.flush()
        try StopSignal.check()
        if let failure = session.failure { throw failure }
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

    /// The session on PORT: it describes itself and is asked for the chosen streams (on every
    /// link, the first and each one reopened after a loss), as the run loop dispatches it.
    func openSession(selection: RecognizerSelection, sink: @escaping (HostEvent) -> Void) throws -> DeviceSession {
        let spec = try source()
        let fromHeatmaps = spec.contactsFromHeatmaps
        let screen = try screenOptions.setting()
        let palmPolicy = palmOptions.policy
        let session = DeviceSession(link: try LinkOpener.open(spec.address, baud: live.baud), sink: sink) { info, sink in
            guard fromHeatmaps else {
                return HostStack.pipeline(recognizers: selection, for: info, screen: screen, palms: palmPolicy, sink: sink)
            }
            // The tracker follows the heatmaps' slower rate, or its report timeout would end touches between them.
            let size = info.panelSize
            return HostStack.pipeline(
                recognizers: selection,
                tracker: info.trackerConfiguration(
                    reportRateHz: HeatmapContactFinder(for: info)?.heatmapRate(reportRate: Int(info.reportRate)) ?? max(Int(info.reportRate), 1)
                ).with(palms: palmPolicy),
                panel: PanelSize(width: size.x, height: size.y), screen: screen, sink: sink)
        }
        // Only a controller asked to recognize numbers gestures as the kiosk set; a bridge's events pass as they are.
        if spec.mode == "gestures" { session.controllerEvents = ControllerGestureSource(hostNames: selection.engineNames) }
        // A USB adapter pulled and put back, an emulator restarted: the port is opened again with backoff.
        let port = spec.address, baud = live.baud
        session.reopen = { () throws(LinkError) in
            try LinkOpener.open(port, baud: baud, connectTimeoutMilliseconds: Self.reopenTimeoutMilliseconds)
        }
        session.onDescribed = { session in requestStreams(session, spec: spec) }
        return session
    }

    /// The longest a reopened TCP connect may hold the loop up.
    static let reopenTimeoutMilliseconds: Int32 = 250

    /// Heatmaps instead of contacts (`--contacts-from heatmap`) or alongside them (`--heatmap`).
    func requestStreams(_ session: DeviceSession, spec: SourceSpec) {
        if let mode = spec.mode, !spec.contactsFromHeatmaps {
            do throws(LinkError) { try session.selectMode(named: mode) } catch { session.fail(error) }
        }
        if spec.contactsFromHeatmaps {
            session.streamHeatmaps()
        } else if heatmap {
            requestHeatmaps(session)
        }
    }

    /// Heatmaps alongside contacts, when the device can send them.
    func requestHeatmaps(_ session: DeviceSession) {
        guard session.heatmapFinder == nil, session.info?.supportedModes.supports(.heatmap) ?? false else { return }
        session.post(.setMode(.both))
    }

    /// A legacy controller talks first and needs no handshake; a lost port ends the run.
    private func runLegacy(_ packetProtocol: LegacyProtocol, spec: SourceSpec, selection: RecognizerSelection, output: EventOutput) throws {
        let panel = spec.panel
        let baud = live.baud ?? (spec.address.contains("baud=") ? nil : packetProtocol.defaultBaud)
        let link = try LinkOpener.open(spec.address, baud: baud)
        let session = LegacySession(
            link: link, protocol: packetProtocol, panel: panel, recognizers: selection, screen: try screenOptions.setting(),
            sink: output.write)
        session.onNews = { news in if case .lost(let error, _) = news { output.disconnection = error } }
        if !json { output.write(line: "\(port): \(packetProtocol.displayName) controller, \(panel.width) x \(panel.height) mm") }
        try Self.run(session, limits: live.limits())
        output.flush()
        try StopSignal.check()
    }
}
