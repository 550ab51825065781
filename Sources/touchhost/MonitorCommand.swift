import ArgumentParser
import Foundation
import TouchHost

struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Watch a controller on a serial port, a pseudo-terminal or tcp:HOST:PORT.",
        discussion: """
            PORT may carry line settings: /dev/ttyUSB0?baud=115200&flow=rtscts. --until-idle S ends the run once \
            no touch is down and nothing has happened for S seconds.
            """)

    @Argument(help: "/dev/ttyUSB0, /dev/pts/N or tcp:HOST:PORT.")
    var port: String

    @Flag(help: "Print the JSON event stream.")
    var json = false

    @Option(help: "kiosk, or a comma-separated list of recognizer names.")
    var recognizers: String = "kiosk"

    @OptionGroup var live: LiveOptions

    func validate() throws {
        do { _ = try RecognizerSelection.parse(recognizers) } catch { throw ValidationError("--recognizers: \(error)") }
    }

    func run() throws {
        let selection = try RecognizerSelection.parse(recognizers)
        let output = EventOutput(json: json, recognizerNames: selection.engineNames, live: true)
        let session = DeviceSession(link: try LinkOpener.open(port, baud: live.baud), sink: output.write) { info, sink in
            HostStack.pipeline(recognizers: selection, for: info, sink: sink)
        }
        try session.handshake()
        if !json, let info = session.info { output.write(line: "\(port): \(info.summary)") }
        let limits = live.limits()
        func shouldStop() -> Bool { limits.reached(by: session) }
        while !shouldStop() {
            do {
                try session.pump(milliseconds: 10)
            } catch {
                session.disconnected()
                // A live view waits for the device to come back; a bounded run stops when its bound does.
                guard try reconnect(session, giveUp: shouldStop) else { break }
            }
        }
        session.finish()
    }

    /// Tries the port again every half second: a USB adapter pulled and put back, an emulator restarted.
    private func reconnect(_ session: DeviceSession, giveUp: () -> Bool) throws -> Bool {
        while !giveUp() {
            usleep(500_000)
            guard let link = try? LinkOpener.open(port, baud: live.baud) else { continue }
            if (try? session.reconnected(link)) != nil { return true }
        }
        return false
    }
}
