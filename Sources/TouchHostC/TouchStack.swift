import TouchCore

/// Reports in, events out: the tracker and the recognizers of one context (design.md's one-way
/// flow from the tracker on). Time moves only with reports and explicit advances.
struct TouchStack {
    var tracker: SlotTracker
    var recognizers: RecognizerSet

    /// What one step produced, in order: statuses, then touches, gestures and deliveries per frame.
    enum Output {
        case touch(TrackedTouch, at: Microseconds)
        case gesture(GestureEvent)
        case delivery(TouchDelivery)
        case status(StatusEvent)

        var time: Microseconds {
            switch self {
            case .touch(_, let at): at
            case .gesture(let g): g.timestamp
            case .delivery(let d): d.timestamp
            case .status(let s): s.timestamp
            }
        }
    }

    init(tracker: TrackerConfiguration, panelWidth: Float, panelHeight: Float) {
        self.tracker = SlotTracker(configuration: tracker)
        recognizers = RecognizerSet(panelWidth: panelWidth, panelHeight: panelHeight)
    }

    /// Settings for touches the application feeds itself: it names its contacts and lifts them
    /// explicitly, so ids are trusted and a finger that is not re-fed has not lifted (no report
    /// timeout, no lost-lift gates).
    static func manualTracker(reportRate: Int) -> TrackerConfiguration {
        let never: Microseconds = 1 << 60
        return TrackerConfiguration(
            reportRateHz: reportRate, lostLiftDistance: .greatestFiniteMagnitude, staleGap: never,
            minimumReportTimeout: never)
    }

    mutating func consume(_ frame: ContactFrame, into out: inout [Output]) {
        var batch = TouchFrameBatch()
        var statuses = StatusList(filler: .placeholder)
        tracker.track(frame, into: &batch, statuses: &statuses)
        for i in statuses.indices { out.append(.status(statuses[i])) }
        for i in batch.indices { run(batch[i], into: &out) }
    }

    /// Time passes with no report: report timeouts and recognizer timers fire.
    mutating func advance(to time: Microseconds, into out: inout [Output]) {
        var frame = TouchFrame(timestamp: time)
        var statuses = StatusList(filler: .placeholder)
        tracker.advance(to: time, into: &frame, statuses: &statuses)
        for i in statuses.indices { out.append(.status(statuses[i])) }
        run(frame, into: &out)
    }

    mutating func cancelAll(at time: Microseconds, into out: inout [Output]) {
        var frame = TouchFrame(timestamp: time)
        tracker.cancelAll(at: time, into: &frame)
        run(frame, into: &out)
    }

    var nextDeadline: Microseconds? {
        switch (tracker.nextDeadline, recognizers.nextDeadline) {
        case (let a?, let b?): min(a, b)
        case (let a?, nil): a
        case (nil, let b?): b
        case (nil, nil): nil
        }
    }

    private mutating func run(_ frame: TouchFrame, into out: inout [Output]) {
        for i in frame.touches.indices where frame.touches[i].phase != .stationary {
            out.append(.touch(frame.touches[i], at: frame.timestamp))
        }
        var events = GestureEventList(filler: .placeholder)
        var deliveries = TouchDeliveryList(filler: .placeholder)
        if frame.touches.isEmpty {
            recognizers.advance(to: frame.timestamp, events: &events, deliveries: &deliveries)
        } else {
            recognizers.process(frame, events: &events, deliveries: &deliveries)
        }
        for i in events.indices { out.append(.gesture(events[i])) }
        for i in deliveries.indices { out.append(.delivery(deliveries[i])) }
    }
}
