import TouchCore

/// The host's per-report path, bytes in and touches out: `FrameDecoder` -> `TimestampUnwrapper` ->
/// `ContactReport.contactFrame(on:at:)` -> `SlotTracker`. It replays a `WireStream` forever: on
/// each lap it adds the lap's span to the decoded sequence and timestamp, so the tracker sees one
/// unbroken session (the only work here that a real host would not do is that one addition).
/// With `recognizes`, every touch frame also goes through the kiosk `GestureEngine`.
public struct HostPipeline: Sendable {
    public private(set) var decoder = FrameDecoder()
    public private(set) var tracker = SlotTracker(configuration: TrackerConfiguration())
    private var unwrapper = TimestampUnwrapper()
    public private(set) var batch = TouchFrameBatch()
    public private(set) var statuses = StatusList(filler: .placeholder)
    public private(set) var reportsSeen = 0
    public private(set) var touchesOut = 0

    public private(set) var engine: BasicGestureEngine?
    private var events = GestureEventList(filler: .placeholder)
    public private(set) var gestureEvents = 0

    private let stream: WireStream
    private var next = 0
    private var lap = 0

    public init(stream: WireStream, recognizes: Bool = false) {
        self.stream = stream
        if recognizes {
            engine = BasicGestureEngine.kioskSet(panelWidth: BenchmarkPanel.size.x, panelHeight: BenchmarkPanel.size.y)
        }
    }

    /// Pushes the bytes of the next report of the stream through the whole path.
    @inline(__always)
    public mutating func step() {
        let start = next == 0 ? 0 : stream.frameEnds[next - 1]
        let end = stream.frameEnds[next]
        stream.bytes.withUnsafeBufferPointer { bytes in
            for index in start..<end {
                guard case .device(.contacts(let report))? = decoder.push(bytes[index]) else { continue }
                track(report)
            }
        }
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
    private mutating func track(_ received: ContactReport) {
        var report = received
        let span = lap * stream.reports
        report.sequence &+= UInt16(truncatingIfNeeded: span)
        report.timestamp &+= UInt32(truncatingIfNeeded: Int64(span) * BenchmarkPanel.reportInterval)
        let time = unwrapper.unwrap(report.timestamp)
        statuses.removeAll()
        tracker.track(report.contactFrame(on: BenchmarkPanel.info, at: time), into: &batch, statuses: &statuses)
        reportsSeen += 1
        touchesOut &+= batch[batch.count - 1].touches.count
        if engine != nil {
            for index in batch.indices {
                events.removeAll()
                engine!.process(batch[index], events: &events)
                gestureEvents &+= events.count
            }
        }
    }

    /// The touch frame of the last report.
    public var lastFrame: TouchFrame { batch[batch.count - 1] }
}
