import ArgumentParser
import Foundation
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

    @OptionGroup var live: LiveOptions

    func validate() throws {
        do { _ = try RecognizerSelection.parse(recognizers) } catch { throw ValidationError("--recognizers: \(error)") }
        if json && lines { throw ValidationError("--json and --lines are two different outputs: choose one") }
    }

    func run() throws {
        let selection = try RecognizerSelection.parse(recognizers)
        if !json && !lines && TerminalScreen.isTerminal {
            try MonitorView(command: self, selection: selection).run()
            return
        }
        let output = EventOutput(json: json, recognizerNames: selection.engineNames, live: true, aligned: true)
        let session = DeviceSession(link: try LinkOpener.open(port, baud: live.baud), sink: output.write) { info, sink in
            HostStack.pipeline(recognizers: selection, for: info, sink: sink)
        }
        try session.handshake()
        if heatmap { requestHeatmaps(session) }
        if !json, let info = session.info { output.write(line: MonitorLineFormatter.deviceLine(port: port, info: info)) }
        let limits = live.limits()
        func shouldStop() -> Bool { limits.reached(by: session) }
        while !shouldStop() {
            do {
                try session.pump(milliseconds: 10)
            } catch {
                session.disconnected()
                // A live view waits for the device to come back; a bounded run stops when its bound does.
                guard reconnect(session, giveUp: shouldStop) else { break }
                if heatmap { requestHeatmaps(session) }
            }
        }
        session.finish()
    }

    /// Heatmaps alongside contacts, when the device can send them.
    func requestHeatmaps(_ session: DeviceSession) {
        guard session.info?.supportedModes.supports(.heatmap) ?? false else { return }
        try? session.send(.setMode(.both))
    }

    /// Tries the port again every half second: a USB adapter pulled and put back, an emulator restarted.
    func reconnect(_ session: DeviceSession, giveUp: () -> Bool) -> Bool {
        while !giveUp() {
            usleep(500_000)
            guard let link = try? LinkOpener.open(port, baud: live.baud) else { continue }
            if (try? session.reconnected(link)) != nil { return true }
        }
        return false
    }
}
