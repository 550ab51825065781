import ArgumentParser
import Foundation
import TouchHost

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Save a controller's raw link traffic with host timestamps, for replay.",
        discussion: """
            Records both directions, losslessly, as text (docs/cli.md describes the .threc format), starting \
            with the device-info handshake so the recording replays on its own: touchhost replay FILE.threc.
            """)

    @Argument(help: "/dev/ttyUSB0, /dev/pts/N or tcp:HOST:PORT.")
    var port: String

    @Option(name: .short, help: "The recording to write.")
    var output: String

    @Option(help: "Baud rate (default 115200).")
    var baud: Int?

    @Option(help: "Stop after S seconds.")
    var duration: Double?

    @Option(name: .customLong("until-idle"), help: "Stop once nothing has happened for S seconds.")
    var untilIdle: Double?

    func validate() throws {
        if let baud, baud <= 0 { throw ValidationError("--baud must be greater than 0") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be greater than 0") }
        if let untilIdle, !(untilIdle > 0) { throw ValidationError("--until-idle must be greater than 0") }
    }

    func run() throws {
        let link = try RecordingLink(try LinkOpener.open(port, baud: baud), path: output)
        defer { link.close() }
        var events = 0
        let session = DeviceSession(link: link, sink: { _ in events += 1 }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        try session.handshake()
        FileHandle.standardError.write(Data("recording \(port) to \(output)\n".utf8))
        let started = MonotonicClock.now()
        while true {
            let now = MonotonicClock.now()
            if let duration, Double(now - started) >= duration * 1_000_000 { break }
            if let untilIdle, !session.hasLiveTouches,
                Double(now - max(session.lastActivity, started)) >= untilIdle * 1_000_000
            {
                break
            }
            do { try session.pump(milliseconds: 10) } catch { break }
        }
        FileHandle.standardError.write(Data("\(link.recordedBytes) bytes, \(events) events\n".utf8))
    }
}
