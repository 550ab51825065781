import ArgumentParser
import Foundation
import TouchHost

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Save a controller's raw link traffic, or a Linux input device's events, for replay.",
        discussion: """
            A controller: both directions, losslessly, as text (docs/cli.md describes the .threc format), starting \
            with the device-info handshake so the recording replays on its own: touchhost replay FILE.threc. \
            A Linux input device (/dev/input/eventN, ?grab=1): an evemu recording, its description and every event \
            as the kernel gave it, for touchhost replay or evemu-device and evemu-play. A legacy controller \
            (?protocol=) is not recorded.
            """)

    @Argument(help: "/dev/ttyUSB0, /dev/pts/N, tcp:HOST:PORT or /dev/input/eventN[?grab=1].")
    var port: String

    @Option(name: .short, help: "The recording to write.")
    var output: String

    @OptionGroup var live: LiveOptions

    func run() throws {
        let spec = try SourceSpec.parse(port)
        if spec.legacyProtocol != nil {
            // A .threc replays through the framed protocol's handshake; a legacy stream has none to start it.
            throw HostFailure("\(port): record saves a touchhost controller or a Linux input device, not a legacy controller")
        }
        var events = 0
        var recipe = live.recipe(recognizers: .kiosk) { _ in events += 1 }
        // One link, recorded from its opening: a lost link ends the recording.
        recipe.reopens = false
        var recording: RecordingLink?
        recipe.wrapLink = { link in
            let wrapped = try RecordingLink(link, path: output)
            recording = wrapped
            return wrapped
        }
        switch try spec.openSession(recipe) {
        case .inputDevice(let device):
            try recordInputDevice(device, events: { events })
        case .controller(let session):
            defer { recording?.close() }
            session.onDescribed = { _ in FileHandle.standardError.write(Data("recording \(port) to \(output)\n".utf8)) }
            try MonitorCommand.run(session, limits: live.limits())
            if let failure = session.failure, session.info == nil { throw failure }
            // Each chunk was written as it passed: closing the file is all there is to flush.
            recording?.close()
            FileHandle.standardError.write(Data("\(recording?.recordedBytes ?? 0) bytes, \(events) events\n".utf8))
        case .legacy:
            break
        }
        try StopSignal.check()
    }

    /// An input device's events as an evemu recording, written as they are read.
    private func recordInputDevice(_ device: EvdevSession, events: () -> Int) throws {
        let recorder = try device.startRecording(to: output)
        defer { recorder.close() }
        FileHandle.standardError.write(Data("recording \(port) to \(output) (evemu)\n".utf8))
        try MonitorCommand.run(device, limits: live.limits())
        device.close()
        if let failure = recorder.failure { throw failure }
        FileHandle.standardError.write(Data("\(recorder.eventCount) input events, \(events()) events\n".utf8))
    }
}
