import TouchCore

/// Replays a recording through the same `DeviceSession` a live port uses, with the recording's
/// host timestamps as the session's clock: the device's bytes go through the frame decoder,
/// tracker and recognizers exactly as they did live.
public enum RecordingReplay {
    public static func run(_ recording: Recording, recognizers: RecognizerSelection, sink: @escaping (HostEvent) -> Void) {
        var clock: Microseconds = 0
        let session = DeviceSession(link: NoLink(), sink: sink) { info, sink in
            HostStack.pipeline(recognizers: recognizers, for: info, sink: sink)
        }
        session.now = { clock }
        for chunk in recording.chunks where chunk.direction == .fromDevice {
            // Bytes first, as a live pump reads before it lets idle time pass: a chunk that came
            // late because the recording machine was busy must not look like a silent device.
            // Timers due during a real silence still fire in order, before the next report.
            clock = chunk.time
            session.receive(chunk.bytes)
            session.advanceIdle()
        }
        session.finish()
    }
}

/// The link of a session fed by hand.
final class NoLink: ByteLink {
    let name = "recording"
    var pollDescriptor: Int32 { -1 }
    func read(into buffer: inout [UInt8]) throws(LinkError) -> Int { 0 }
    func write(_ bytes: [UInt8]) throws(LinkError) {}
    func close() {}
}
