import TouchCore

/// Gestures mode on the controller: each scan's contacts go through TouchCore's `TouchPipeline`,
/// exactly as the host runs it, and the touches and gesture actions go up as `touch` and `gesture`
/// frames. In any other mode it sleeps; entering gestures mode, a reset or a new report rate starts
/// it afresh. Public so that a board's self-test can time it (`ScanChecks.measureGestureCost`).
/// The pipeline lives in `Store` (`RecognitionPipelineStore`): inline on the host, in a global of
/// its own on a board.
public struct ControllerRecognition<Store: RecognitionPipelineStore & ~Copyable>: ScanListener, ~Copyable {
    private var store: Store
    private var active = false
    private var resets: UInt32 = 0
    private var reportRate = 0

    /// The kiosk set is added when gestures mode starts (`restart`).
    public init(store: consuming Store) {
        self.store = store
    }

    /// Starts the pipeline afresh in place: a new one assigned here went through stack temporaries
    /// of its whole size (about 150 KiB of stack for a 65 KB pipeline).
    private static func restart(_ pipeline: inout KioskTouchPipeline, reportRate: Int, board: BoardDefinition) {
        pipeline.restart(tracker: TrackerConfiguration(reportRateHz: reportRate))
        pipeline.engine.restartAsKioskSet(panelWidth: board.panelWidth, panelHeight: board.panelHeight)
    }

    public mutating func scanned<S: ByteSink>(_ result: ScanResult, context: ScanContext, to output: inout S) {
        guard context.mode == .gestures else {
            active = false
            return
        }
        let restarting = !active || context.resets != resets || context.reportRate != reportRate
        if restarting {
            active = true
            resets = context.resets
            reportRate = context.reportRate
        }
        // Filled in place (`ScanResult.fill`): returned by value it went through two more copies.
        // Not a stored property: with 672 bytes more in the controller's value, debug test runs
        // crashed (a `GestureController`'s stack temporaries there are near a test thread's stack).
        var frame = ContactFrame(timestamp: result.timestamp)
        result.fill(&frame, on: context.board)
        store.withPipeline { pipeline in
            if restarting { Self.restart(&pipeline, reportRate: context.reportRate, board: context.board) }
            withUnsafeMutablePointer(to: &output) { sink in
                var frames = EncodingOutput(sink: sink)
                pipeline.consume(&frame, into: &frames)
            }
        }
    }
}

extension ControllerRecognition where Store == InlinePipeline {
    /// With the pipeline inline, as a host runs it.
    public init(board: BoardDefinition) {
        self.init(store: InlinePipeline(board: board))
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
