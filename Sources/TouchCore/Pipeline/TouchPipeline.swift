/// The one path from contact frames to events: tracker -> touch frames -> recognizers, with time
/// as data. Every driver feeds one of these: a device session, a replay, the C API, the bridge, the
/// fuzz targets, the soak test and the benchmarks. Storage is inline and fixed at init; a step costs
/// what its frame holds, never what came before.
///
/// Time only moves when a frame or `advance(to:)` says so, and never backwards: a frame stamped
/// before the pipeline's present is taken as happening now. Every deadline on the way (a report
/// timeout, a double-tap window, a long press) fires at its own instant, before anything later.
///
/// The steps are `@inlinable` so that a host's module specializes them for its own output and
/// recognizer types; unspecialized, every step looked up generic type metadata at run time. They
/// call the tracker and the engine through their public entry points, which TouchCore
/// pre-specializes for engines without custom recognizers.
public struct TouchPipeline<Custom: CustomRecognizer, let capacity: Int>: ~Copyable {
    @usableFromInline var trackerState: SlotTracker
    @usableFromInline var palmGate = PalmGate()
    /// What becomes of palms from the next frame on: the tracker configuration's at first; a host
    /// may change it while running (the C API's th_context_set_palms).
    public var palmPolicy: PalmPolicy
    @usableFromInline var recognition: PipelineRecognition<Custom, capacity>
    /// The tracker's frames for one report, kept for the same reason (the tracker empties it):
    /// two frames filled whole were 4 000 instructions a report on the Cortex-M4.
    @usableFromInline var batch = TouchFrameBatch()

    /// The recognizers; hosts may keep configuring them (regions, options) between steps.
    public var engine: GestureEngine<Custom, capacity> {
        _read { yield recognition.engine }
        _modify { yield &recognition.engine }
    }
    public var tracker: SlotTracker { trackerState }
    /// The latest instant the pipeline has processed.
    public var now: Microseconds { recognition.present }
    /// Touches that began and have not ended or been cancelled.
    public var liveTouchCount: Int { recognition.liveTouches }

    /// The most deadlines one `advance` fires before it jumps to its target: each firing moves time
    /// on or finishes a recognizer, so this is never reached by a well-behaved engine, and a
    /// misbehaving one cannot hold the caller.
    @inlinable
    static var deadlineBudget: Int { 4 * capacity + TouchLimits.maxContacts }

    public init(tracker configuration: TrackerConfiguration, engine: consuming GestureEngine<Custom, capacity>) {
        trackerState = SlotTracker(configuration: configuration)
        palmPolicy = configuration.palms
        recognition = PipelineRecognition(engine: engine)
    }

    /// A pipeline whose engine has no recognizers yet (add them through `engine`). The engine is
    /// made where it stays: one handed to `init(tracker:engine:)` is a second copy of it on the
    /// stack while the pipeline is built, tens of kilobytes that a controller does not have.
    public init(tracker configuration: TrackerConfiguration, engineConfiguration: GestureEngineConfiguration) {
        trackerState = SlotTracker(configuration: configuration)
        palmPolicy = configuration.palms
        recognition = PipelineRecognition(engineConfiguration: engineConfiguration)
    }

    /// As `init(tracker:engine:)` with `configuration`, but the engine stays as it is: restart it
    /// too (`GestureEngine.clear`, `restartAsKioskSet`). Done in place, because assigning a new
    /// pipeline passes the whole of it (tens of kilobytes) through temporaries on the stack.
    public mutating func restart(tracker configuration: TrackerConfiguration) {
        trackerState = SlotTracker(configuration: configuration)
        palmGate = PalmGate()
        palmPolicy = configuration.palms
        recognition.present = 0
        recognition.liveTouches = 0
        batch.removeAll()
    }

    /// When the tracker or a recognizer next has something to do on its own. A `mutating` getter,
    /// though it changes nothing, so that the tracker and the engine are read where they lie
    /// (see `GestureEngine.nextDeadline`).
    @inlinable
    public var nextDeadline: Microseconds? {
        mutating get {
            switch (trackerState.nextDeadline, recognition.engine.nextDeadline) {
            case (let a?, let b?): min(a, b)
            case (let a, let b): a ?? b
            }
        }
    }

    /// One report: first every deadline due before it, then the report through the tracker and
    /// the recognizers.
    @inlinable
    public mutating func consume<Output: TouchPipelineOutput>(_ frame: ContactFrame, into output: inout Output) {
        var frame = frame
        consume(&frame, into: &output)
    }

    /// The same with the report read where it lies, for a caller that keeps it in a variable (a
    /// controller's scan): a borrowed report was copied whole each time its contacts were read,
    /// three times a report on the Cortex-M4. The report may be changed (palms marked, its time
    /// set to the pipeline's). Never inlined: in a controller's scan loop its temporaries would
    /// join the caller's frame (4 KB more stack on the Cortex-M4).
    @inlinable @inline(never)
    public mutating func consume<Output: TouchPipelineOutput>(_ frame: inout ContactFrame, into output: inout Output) {
        advance(to: frame.timestamp, into: &output)
        var statuses = StatusList(filler: .placeholder)
        if !palmGate.passes(&frame) {
            frame.timestamp = now
            palmGate.filter(&frame, policy: palmPolicy, statuses: &statuses)
        }
        // Taken as happening now, whatever the report's own time.
        trackerState.track(&frame, at: now, into: &batch, statuses: &statuses)
        emit(statuses, &output)
        // Each frame goes to the recognizers from the batch's own stored frames, borrowed in place
        // beside the engine (through the batch's subscript, the optimizer copied the whole batch).
        if batch.frameCount == 2 { recognition.step(&batch.closing, &output) }
        recognition.step(&batch.current, &output)
    }

    /// Moves time forward with no report, firing every deadline up to `time` at its own instant.
    @inlinable
    public mutating func advance<Output: TouchPipelineOutput>(to time: Microseconds, into output: inout Output) {
        guard time >= now else { return }
        var budget = Self.deadlineBudget
        // The tracker's deadline is looked up once per step and handed on: each look walks its
        // live slots.
        var trackerDue = trackerState.nextDeadline
        while budget > 0 {
            let deadline: Microseconds?
            switch (trackerDue, recognition.engine.nextDeadline) {
            case (let a?, let b?): deadline = min(a, b)
            case (let a, let b): deadline = a ?? b
            }
            guard let deadline, deadline < time else { break }
            budget -= 1
            stepTime(to: max(deadline, now), trackerDue: trackerDue, &output)
            trackerDue = trackerState.nextDeadline
        }
        stepTime(to: time, trackerDue: trackerDue, &output)
    }

    /// The system takes every touch away (a reset, a lost link, the end of the input): each live
    /// touch and every gesture under way is cancelled.
    @inlinable
    public mutating func cancelAll<Output: TouchPipelineOutput>(at time: Microseconds, into output: inout Output) {
        advance(to: time, into: &output)
        var statuses = StatusList(filler: .placeholder)
        palmGate.endAll(at: now, statuses: &statuses)
        emit(statuses, &output)
        var touches = TouchFrame(timestamp: now)
        trackerState.cancelAll(at: now, into: &touches)
        guard !touches.touches.isEmpty else { return }
        recognition.step(&touches, &output)
    }

    /// The input is over: time runs on until nothing is pending (a tap waiting out its double-tap
    /// window resolves), and touches still down are cancelled, since nobody will lift them.
    @inlinable
    public mutating func finish<Output: TouchPipelineOutput>(into output: inout Output) {
        var budget = Self.deadlineBudget
        while budget > 0, let deadline = nextDeadline {
            budget -= 1
            advance(to: max(deadline, now), into: &output)
        }
        cancelAll(at: now, into: &output)
    }

    // MARK: Steps (internal, inlined into the public ones)

    /// Time alone: the tracker's report timeouts, then the recognizers' timers. `trackerDue` is
    /// the tracker's `nextDeadline` now.
    @inlinable
    mutating func stepTime<Output: TouchPipelineOutput>(
        to time: Microseconds, trackerDue: Microseconds?, _ output: inout Output
    ) {
        // A tracker with no timeout due by `time` hands back no touches and no statuses: filling a
        // frame for nothing was most of what a report's time step cost.
        guard let due = trackerDue, due <= time else {
            recognition.stepWithoutTouches(at: time, &output)
            return
        }
        var touches = TouchFrame(timestamp: time)
        var statuses = StatusList(filler: .placeholder)
        trackerState.advance(to: time, into: &touches, statuses: &statuses)
        emit(statuses, &output)
        recognition.step(&touches, &output)
    }

    @inlinable
    func emit<Output: TouchPipelineOutput>(_ statuses: StatusList, _ output: inout Output) {
        for index in statuses.indices { output.status(statuses[index]) }
    }
}

/// The pipeline of the kiosk set alone, sized by it (the controller's, the benchmarks').
public typealias KioskTouchPipeline = TouchPipeline<BuiltInRecognizersOnly, 15>

/// A pipeline of built-in recognizers, with room for as many as an engine holds.
public typealias BasicTouchPipeline = TouchPipeline<NoCustomRecognizer, 32>
