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

    @OptionGroup var live: LiveOptions

    func run() throws {
        let link = try RecordingLink(try LinkOpener.open(port, baud: live.baud), path: output)
        defer { link.close() }
        var events = 0
        let session = DeviceSession(link: link, sink: { _ in events += 1 }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        session.onDescribed = { _ in FileHandle.standardError.write(Data("recording \(port) to \(output)\n".utf8)) }
        try MonitorCommand.run(session, limits: live.limits())
        if let failure = session.failure, session.info == nil { throw failure }
        // Each chunk was written as it passed: closing the file is all there is to flush.
        link.close()
        FileHandle.standardError.write(Data("\(link.recordedBytes) bytes, \(events) events\n".utf8))
        try StopSignal.check()
    }
}
