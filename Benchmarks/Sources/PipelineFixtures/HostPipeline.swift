import TouchCore

/// TouchCore's per-report path, bytes in and events out: `WireReports` -> `TouchPipeline` (tracker,
/// then recognizers), with no custom recognizer: what an embedded host or the on-controller mode
/// runs, and the core of what `ProductPipeline` (the CLI and the C library) runs. With
/// `recognizes`, the pipeline runs the kiosk recognizers; without, an engine with none, as a host
/// runs when no recognizer is selected (the pipeline still keeps its touch records).
public struct HostPipeline: ~Copyable {
    public private(set) var pipeline: KioskTouchPipeline
    private var reports: WireReports
    private var output: CountingOutput
    public private(set) var reportsSeen = 0

    /// - Parameter keepsLastFrame: copy each touch frame aside for `lastFrame` (for preparing
    ///   inputs; it is work a host does not do, so timed runs leave it off).
    public init(stream: WireStream, recognizes: Bool = false, keepsLastFrame: Bool = false) {
        reports = WireReports(stream)
        output = CountingOutput(keepsLastFrame: keepsLastFrame)
        let size = BenchmarkPanel.size
        let engine = recognizes
            ? KioskGestureEngine.kioskSet(panelWidth: size.x, panelHeight: size.y)
            : KioskGestureEngine(configuration: GestureEngineConfiguration(panelWidth: size.x, panelHeight: size.y))
        pipeline = TouchPipeline(tracker: TrackerConfiguration(), engine: engine)
    }

    /// Pushes the bytes of the next report of the stream through the whole path.
    @inline(__always)
    public mutating func step() {
        if Self.step(&reports, into: &pipeline, output: &output) { reportsSeen += 1 }
    }

    /// The parts passed separately, so the frame goes from the decoder's callback straight into the
    /// pipeline (a closure that reached them through `self` could not run while `reports` decodes).
    @inline(__always)
    private static func step(
        _ reports: inout WireReports, into pipeline: inout KioskTouchPipeline,
        output: inout CountingOutput
    ) -> Bool {
        reports.nextFrame { frame in pipeline.consume(&frame, into: &output) }
    }

    public mutating func run(reports count: Int) {
        for _ in 0..<count { step() }
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

    mutating func touches(_ frame: inout TouchFrame) {
        touchesOut &+= frame.touches.count
        if keepsLastFrame { lastFrame = frame }
    }

    mutating func gesture(_ event: GestureEvent) { gestureEvents &+= 1 }
}
