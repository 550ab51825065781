import ArgumentParser
import Foundation
import TouchHost

struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Send the touches and gestures recognized on PORT as frames on a second serial link.",
        discussion: """
            The frames are the wire protocol's touch, gesture and status frames (docs/protocol.md). A host on \
            the second link that asks for device info gets PORT's, so `touchhost monitor PORT2` works on it.
            """)

    @Argument(help: "The controller: /dev/ttyUSB0, /dev/pts/N or tcp:HOST:PORT.")
    var port: String

    @Option(help: "The downstream link, same forms as PORT.")
    var out: String

    @Option(help: "Baud rate of both links (default 115200).")
    var baud: Int?

    @Option(help: "kiosk, or a comma-separated list of recognizer names.")
    var recognizers: String = "kiosk"

    @Option(help: "Stop after S seconds.")
    var duration: Double?

    func validate() throws {
        if let baud, baud <= 0 { throw ValidationError("--baud must be greater than 0") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be greater than 0") }
        do { _ = try RecognizerSelection.parse(recognizers) } catch { throw ValidationError("--recognizers: \(error)") }
    }

    func run() throws {
        let selection = try RecognizerSelection.parse(recognizers)
        let downstream = BridgeLink(link: try LinkOpener.open(out, baud: baud))
        let session = DeviceSession(link: try LinkOpener.open(port, baud: baud), sink: downstream.send) { info, sink in
            HostStack.pipeline(recognizers: selection, for: info, sink: sink)
        }
        try session.handshake()
        FileHandle.standardError.write(Data("bridging \(port) to \(out)\n".utf8))
        let started = MonotonicClock.now()
        while duration.map({ Double(MonotonicClock.now() - started) < $0 * 1_000_000 }) ?? true {
            try session.pump(milliseconds: 5)
            try downstream.serveCommands(info: session.info)
            try downstream.flush()
        }
        session.finish()
        try downstream.flush()
    }
}
