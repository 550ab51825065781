import TouchCore

/// Encoded link bytes of `reports` consecutive contact reports, generated before any timing starts.
/// `MovingFingers` repeats every `period` reports, and `reports` is a multiple of it that divides
/// 65536, so replaying the stream in a loop is seamless once `HostPipeline` carries the sequence
/// and timestamp on across laps.
public struct WireStream: Sendable {
    public let bytes: [UInt8]
    /// `frameEnds[k]` is one past the last byte of report k.
    public let frameEnds: [Int]
    public let reports: Int

    public init(fingers: MovingFingers, reports: Int = 4096) {
        precondition(reports % fingers.period == 0 && 65536 % reports == 0)
        var sink = ByteArraySink()
        var ends: [Int] = []
        ends.reserveCapacity(reports)
        for index in 0..<reports {
            FrameEncoder.encode(.contacts(fingers.report(index)), to: &sink)
            ends.append(sink.bytes.count)
        }
        bytes = sink.bytes
        frameEnds = ends
        self.reports = reports
    }

    public var bytesPerReport: Double { Double(bytes.count) / Double(reports) }
}

public struct ByteArraySink: ByteSink {
    public var bytes: [UInt8] = []
    public init() {}
    public mutating func write(_ byte: UInt8) { bytes.append(byte) }
}
