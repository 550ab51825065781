import TouchCore

/// The host's per-report path, bytes in and events out: `FrameDecoder.decode` -> `TimestampUnwrapper` ->
/// `ContactReport.contactFrame(on:at:)` -> `TouchPipeline` (tracker, then recognizers), the one
/// path every driver of the product uses. It replays a `WireStream` forever: on each lap it adds
/// the lap's span to the decoded sequence and timestamp, so the pipeline sees one unbroken session
/// (the only work here that a real host would not do is that one addition). With `recognizes`, the
/// pipeline runs the kiosk recognizers; without, an engine with none, as a host runs when no
/// recognizer is selected (the pipeline still keeps its touch records).
public struct HostPipeline {
    public private(set) var decoder = FrameDecoder()
    public private(set) var pipeline: TouchPipeline<NoCustomRecognizer>
    private var unwrapper = TimestampUnwrapper()
    private var output: CountingOutput
    public private(set) var reportsSeen = 0

    private let stream: WireStream
    private var next = 0
    private var lap = 0

    /// - Parameter keepsLastFrame: copy each touch frame aside for `lastFrame` (for preparing
    ///   inputs; it is work a host does not do, so timed runs leave it off).
    public init(stream: WireStream, recognizes: Bool = false, keepsLastFrame: Bool = false) {
        self.stream = stream
        output = CountingOutput(keepsLastFrame: keepsLastFrame)
        let size = BenchmarkPanel.size
        let engine = recognizes
            ? BasicGestureEngine.kioskSet(panelWidth: size.x, panelHeight: size.y)
            : BasicGestureEngine(configuration: GestureEngineConfiguration(panelWidth: size.x, panelHeight: size.y))
        pipeline = TouchPipeline(tracker: TrackerConfiguration(), engine: engine)
    }

    /// Pushes the bytes of the next report of the stream through the whole path.
    @inline(__always)
    public mutating func step() {
        let start = next == 0 ? 0 : stream.frameEnds[next - 1]
        let end = stream.frameEnds[next]
        // One report's bytes per call, as a host hands over what one read returned; the stream
        // holds one report per step, so the report is consumed after the decoder returns.
        var received: ContactReport?
        stream.bytes.withUnsafeBufferPointer { bytes in
            decoder.decode(UnsafeBufferPointer(rebasing: bytes[start..<end])) { frame in
                if case .device(.contacts(let report)) = frame { received = report }
            }
        }
        if let received { consume(received) }
        next += 1
        if next == stream.reports {
            next = 0
            lap += 1
        }
    }

    public mutating func run(reports: Int) {
        for _ in 0..<reports { step() }
    }

    @inline(__always)
    private mutating func consume(_ received: ContactReport) {
        var report = received
        let span = lap * stream.reports
        report.sequence &+= UInt16(truncatingIfNeeded: span)
        report.timestamp &+= UInt32(truncatingIfNeeded: Int64(span) * BenchmarkPanel.reportInterval)
        pipeline.consume(report.contactFrame(on: BenchmarkPanel.info, at: unwrapper.unwrap(report.timestamp)), into: &output)
        reportsSeen += 1
    }

    /// Touches in the frames the pipeline made (a count to keep the work from being optimized away).
    public var touchesOut: Int { output.touchesOut }
    /// Gesture actions the recognizers sent.
    public var gestureEvents: Int { output.gestureEvents }
    /// The latest touch frame the pipeline made (with `keepsLastFrame`): the last report's own, in
    /// a stream of moving fingers.
    public var lastFrame: TouchFrame { output.lastFrame }
}

/// Counts what the pipeline makes, and keeps its latest touch frame if asked: fixed size, no allocation.
struct CountingOutput: TouchPipelineOutput {
    let keepsLastFrame: Bool
    var touchesOut = 0
    var gestureEvents = 0
    var statuses = 0
    var lastFrame = TouchFrame(timestamp: 0)

    mutating func status(_ event: StatusEvent) { statuses &+= 1 }

    mutating func touches(_ frame: TouchFrame) {
        touchesOut &+= frame.touches.count
        if keepsLastFrame { lastFrame = frame }
    }

    mutating func gesture(_ event: GestureEvent) { gestureEvents &+= 1 }
}
