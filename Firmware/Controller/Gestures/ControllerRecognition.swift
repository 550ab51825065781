import TouchCore

/// Gestures mode on the controller: each scan's contacts go through TouchCore's `TouchPipeline`,
/// exactly as the host runs it, and the touches and gesture actions go up as `touch` and `gesture`
/// frames. In any other mode it sleeps; entering gestures mode, a reset or a new report rate starts
/// it afresh. Public so that a board's self-test can time it (`ScanChecks.measureGestureCost`).
public struct ControllerRecognition: ScanListener, ~Copyable {
    private var pipeline: KioskTouchPipeline
    private var active = false
    private var resets: UInt32 = 0
    private var reportRate = 0

    /// An empty pipeline: the kiosk set is added when gestures mode starts (`restart`). Only
    /// stored properties are set here, so that the whole value can be built where it stays; a
    /// mutating call in an initializer needs `self` whole first, and the compiler built all of
    /// it (20 KB) on the stack and copied it into place.
    public init(board: BoardDefinition) {
        pipeline = TouchPipeline(
            tracker: TrackerConfiguration(reportRateHz: board.reportRate),
            engineConfiguration: GestureEngineConfiguration(panelWidth: board.panelWidth, panelHeight: board.panelHeight))
    }

    /// Starts the pipeline afresh in place: a new one assigned here went through stack temporaries
    /// of its whole size (about 150 KiB of stack for a 65 KB pipeline).
    private mutating func restart(reportRate: Int, board: BoardDefinition) {
        pipeline.restart(tracker: TrackerConfiguration(reportRateHz: reportRate))
        pipeline.engine.restartAsKioskSet(panelWidth: board.panelWidth, panelHeight: board.panelHeight)
    }

    public mutating func scanned<S: ByteSink>(_ result: ScanResult, context: ScanContext, to output: inout S) {
        guard context.mode == .gestures else {
            active = false
            return
        }
        if !active || context.resets != resets || context.reportRate != reportRate {
            restart(reportRate: context.reportRate, board: context.board)
            active = true
            resets = context.resets
            reportRate = context.reportRate
        }
        // Filled in place (`ScanResult.fill`): returned by value it went through two more copies.
        // Not a stored property: with 672 bytes more in the controller's value, debug test runs
        // crashed (a `GestureController`'s stack temporaries there are near a test thread's stack).
        var frame = ContactFrame(timestamp: result.timestamp)
        result.fill(&frame, on: context.board)
        withUnsafeMutablePointer(to: &output) { sink in
            var frames = EncodingOutput(sink: sink)
            pipeline.consume(&frame, into: &frames)
        }
    }
}

/// The pipeline's touches and gestures as `touch` and `gesture` frames on the link. It writes
/// through to the scan's own sink, which lives for the whole step; a copy would cost a buffer.
private struct EncodingOutput<Sink: ByteSink>: TouchPipelineOutput {
    let sink: UnsafeMutablePointer<Sink>

    mutating func status(_ event: StatusEvent) {}

    mutating func touches(_ frame: inout TouchFrame) {
        FrameEncoder.encodeTouches(&frame, to: &sink.pointee)
    }

    mutating func gesture(_ event: GestureEvent) {
        FrameEncoder.encode(gesture: event, to: &sink.pointee)
    }
}
