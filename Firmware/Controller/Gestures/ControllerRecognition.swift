import TouchCore

/// Gestures mode on the controller: each scan's contacts go through TouchCore's tracker and the
/// kiosk recognizer set, exactly as the host would run them, and the touches and gesture actions
/// go up as `touch` and `gesture` frames. In any other mode it sleeps; entering gestures mode, a
/// reset or a new report rate starts it afresh.
struct ControllerRecognition: ScanListener {
    private var tracker: SlotTracker
    private var engine: BasicGestureEngine
    private var active = false
    private var resets: UInt32 = 0
    private var reportRate = 0
    /// The time the recognizers last moved to: a deadline is only worth stopping at past it.
    private var lastTime: Microseconds = 0

    init(board: BoardDefinition) {
        tracker = SlotTracker(configuration: TrackerConfiguration(reportRateHz: board.reportRate))
        engine = BasicGestureEngine.kioskSet(panelWidth: board.panelWidth, panelHeight: board.panelHeight)
    }

    mutating func scanned<S: ByteSink>(_ result: ScanResult, context: ScanContext, to output: inout S) {
        guard context.mode == .gestures else {
            active = false
            return
        }
        if !active || context.resets != resets || context.reportRate != reportRate {
            tracker = SlotTracker(configuration: TrackerConfiguration(reportRateHz: context.reportRate))
            engine = BasicGestureEngine.kioskSet(
                panelWidth: context.board.panelWidth, panelHeight: context.board.panelHeight)
            active = true
            resets = context.resets
            reportRate = context.reportRate
            lastTime = result.timestamp
        }
        let time = result.timestamp
        // Timers fire at their own instants between scans, as the host's pipeline fires them.
        while let deadline = nextDeadline, deadline > lastTime, deadline < time {
            advance(to: deadline, output: &output)
        }
        advance(to: time, output: &output)
        var batch = TouchFrameBatch()
        var statuses = StatusList(filler: .placeholder)
        tracker.track(result.contactFrame(on: context.board), into: &batch, statuses: &statuses)
        for index in batch.indices { deliver(batch[index], at: time, to: &output) }
    }

    private var nextDeadline: Microseconds? {
        switch (tracker.nextDeadline, engine.nextDeadline) {
        case (let a?, let b?): return min(a, b)
        case (let a, let b): return a ?? b
        }
    }

    private mutating func advance<S: ByteSink>(to time: Microseconds, output: inout S) {
        var touches = TouchFrame(timestamp: time)
        var statuses = StatusList(filler: .placeholder)
        tracker.advance(to: time, into: &touches, statuses: &statuses)
        deliver(touches, at: time, to: &output)
    }

    private mutating func deliver<S: ByteSink>(_ touches: TouchFrame, at time: Microseconds, to output: inout S) {
        lastTime = max(lastTime, time)
        var events = GestureEventList(filler: .placeholder)
        if touches.touches.isEmpty {
            engine.advance(to: time, events: &events)
        } else {
            engine.process(touches, events: &events)
        }
        FrameEncoder.encodeTouches(touches, to: &output)
        FrameEncoder.encodeGestures(events, to: &output)
    }
}
