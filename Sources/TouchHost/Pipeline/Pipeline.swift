import TouchCore

/// The host's handle on TouchCore's `TouchPipeline`: one per input (a device session, a replay,
/// a C context), turning what the pipeline makes into `HostEvent`s for a sink. Drivers call
/// `consume`, `advance`, `cancelAll` and `finish`; nothing else moves time.
public final class Pipeline {
    private var core: TouchPipeline<HostRecognizer, 32>
    /// The recipe, regions and templates behind the running engine.
    private var recipe: RecognizerSet
    private var output: SinkOutput
    /// Where `consume(_:on:at:)` reads each report.
    private var reportFrame = ContactFrame(timestamp: 0)

    public init(
        tracker: TrackerConfiguration, recognizers: RecognizerSet, screen: ScreenSetting? = nil,
        sink: @escaping (HostEvent) -> Void
    ) {
        core = TouchPipeline(tracker: tracker, engine: recognizers.engine)
        recipe = recognizers
        output = SinkOutput(sink: sink)
        self.screen = screen
        output.mapping = screenMapping
    }

    /// The screen the events are placed on (contracts.md section 5); nil leaves them in millimetres
    /// only. Changes apply from the next event on.
    public var screen: ScreenSetting? {
        didSet { output.mapping = screenMapping }
    }

    /// The screen over this pipeline's panel: what places its events.
    public var screenMapping: ScreenMapping? {
        screen.map { ScreenMapping($0, panel: PanelSize(width: recipe.panelWidth, height: recipe.panelHeight)) }
    }

    /// Raw touches for regions whose application wants them (the C API's region deliveries).
    public var onDelivery: ((TouchDelivery) -> Void)? {
        get { output.onDelivery }
        set { output.onDelivery = newValue }
    }

    /// The recognizers as they run now; changes apply from the next step on.
    public var recognizers: RecognizerSet {
        get {
            var set = recipe
            set.adopt(core.engine)
            return set
        }
        set {
            recipe = newValue
            core.engine = newValue.engine
            output.mapping = screenMapping
        }
    }

    /// Changes the running recognizers now: what the change sets off (a removed recognizer's
    /// gesture `cancelled`, a waiter released, touches handed back) goes to the sink at once, at
    /// the pipeline's present.
    public func reconfigure<Result, Failure: Error>(
        _ change: (inout RecognizerSet) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var set = recognizers
        let result = try change(&set)
        recognizers = set
        core.advance(to: core.now, into: &output)
        return result
    }

    public var tracker: TrackerConfiguration { core.tracker.configuration }

    /// Palms suppressed or passed through as flagged touches, from the next report on: a palm down
    /// at the change becomes a touch then, or that touch ends.
    public var palms: PalmPolicy {
        get { core.palmPolicy }
        set { core.palmPolicy = newValue }
    }

    /// The latest instant the pipeline has processed.
    public var lastTime: Microseconds { core.now }

    /// True while a touch is down.
    public var hasLiveTouches: Bool { core.liveTouchCount > 0 }

    /// When the tracker or a recognizer next has something to do on its own.
    public var nextDeadline: Microseconds? { core.nextDeadline }

    /// One report, after every deadline due before it.
    public func consume(_ frame: ContactFrame) {
        core.consume(frame, into: &output)
    }

    /// One decoded report on `info`'s panel at `time`, read into the pipeline's own frame and
    /// consumed there: made afresh and handed on by value, a report's frame was built and copied
    /// twice (672 bytes each time).
    public func consume(_ report: ContactReport, on info: DeviceInfo, at time: Microseconds) {
        report.fill(&reportFrame, on: info, at: time)
        consume(&reportFrame)
    }

    /// One report read where it lies (`inout`, left as it was), for a caller that keeps its frame:
    /// the by-value form copies it once.
    public func consume(_ frame: inout ContactFrame) {
        core.consume(&frame, into: &output)
    }

    /// Moves time forward with no new report: every deadline up to `time` fires at its own instant.
    public func advance(to time: Microseconds) {
        core.advance(to: time, into: &output)
    }

    /// The system takes every touch away (a reset, a lost link): each live touch is cancelled.
    public func cancelAll(at time: Microseconds) {
        core.cancelAll(at: time, into: &output)
    }

    /// The input is over: every pending timer fires and touches still down are cancelled.
    public func finish() {
        core.finish(into: &output)
    }
}

/// The pipeline's output as `HostEvent`s, placed on the screen when one is set. A held finger
/// would repeat `stationary` at the report rate; the stream leaves it out.
private struct SinkOutput: TouchPipelineOutput {
    let sink: (HostEvent) -> Void
    var onDelivery: ((TouchDelivery) -> Void)?
    var mapping: ScreenMapping?

    init(sink: @escaping (HostEvent) -> Void) { self.sink = sink }

    mutating func status(_ event: StatusEvent) { sink(.status(event)) }

    mutating func touches(_ frame: inout TouchFrame) {
        for index in frame.touches.indices where frame.touches[index].phase != .stationary {
            emit(.touch(frame.touches[index], at: frame.timestamp))
        }
    }

    mutating func gesture(_ event: GestureEvent) { emit(.gesture(event)) }

    private func emit(_ event: HostEvent) { sink(mapping?.placing(event) ?? event) }

    mutating func delivery(_ delivery: TouchDelivery) { onDelivery?(delivery) }
}
