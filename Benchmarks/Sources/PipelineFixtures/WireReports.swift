import TouchCore

/// A `WireStream` read as a host reads its link, forever: each call decodes the next report's bytes
/// (`FrameDecoder.decode` -> `TimestampUnwrapper` -> `ContactReport.fill(_:on:at:)`). On each
/// lap it adds the lap's span to the decoded sequence and timestamp, so whoever consumes the frames
/// sees one unbroken session (that one addition is the only work a real host would not do).
public struct WireReports {
    public private(set) var decoder = FrameDecoder()
    private var unwrapper = TimestampUnwrapper()
    private let stream: WireStream
    private var next = 0
    private var lap = 0
    /// The frame every report is read into, as `Pipeline.consume(_:on:at:)` keeps one.
    private var frame = ContactFrame(timestamp: 0)

    public init(_ stream: WireStream) { self.stream = stream }

    /// Decodes the next report and hands its contact frame to `body`, as a host hands a report's
    /// frame to its pipeline (`DeviceSession`, `Pipeline.consume(_:on:at:)`): read from the report
    /// where the decoder parsed it into a frame kept for every report, and passed on `inout`.
    /// False when its bytes held none (they always do here).
    @inline(__always)
    @discardableResult
    public mutating func nextFrame(_ body: (inout ContactFrame) -> Void) -> Bool {
        let start = next == 0 ? 0 : stream.frameEnds[next - 1]
        let end = stream.frameEnds[next]
        let span = lap * stream.reports
        var delivered = false
        // One report's bytes per call, as a host hands over what one read returned.
        stream.bytes.withUnsafeBufferPointer { bytes in
            decoder.decode(
                UnsafeBufferPointer(rebasing: bytes[start..<end]),
                contacts: { report, _ in
                    let timestamp = report.timestamp &+ UInt32(truncatingIfNeeded: Int64(span) * BenchmarkPanel.reportInterval)
                    report.fill(&frame, on: BenchmarkPanel.info, at: unwrapper.unwrap(timestamp))
                    frame.sequence = UInt32(report.sequence &+ UInt16(truncatingIfNeeded: span))
                    body(&frame)
                    delivered = true
                },
                other: { _, _ in })
        }
        next += 1
        if next == stream.reports {
            next = 0
            lap += 1
        }
        return delivered
    }
}
