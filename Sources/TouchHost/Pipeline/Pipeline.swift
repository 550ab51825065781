import TouchCore

/// The host's one-way data flow from reports on: contact frame -> tracker -> touch frame ->
/// recognizers -> events -> sink. Bytes reach it through `DeviceSession`, scripts and imported
/// recordings through `consume`. Time only moves when a report or `advance` says so.
public final class Pipeline {
    private var tracker: any TouchTracking
    private var recognizers: any GestureRecognizing
    private let sink: (HostEvent) -> Void
    /// How long after the last input `finish` advances, longer than any recognizer's timer and the
    /// tracker's report timeout, so every pending decision resolves.
    public static let settleTime: Microseconds = 5_000_000
    public private(set) var lastTime: Microseconds = 0
    /// Tracking ids of touches that began and have not ended, for idle detection.
    public private(set) var liveTouches = Set<UInt32>()

    public init(tracker: any TouchTracking, recognizers: any GestureRecognizing, sink: @escaping (HostEvent) -> Void) {
        self.tracker = tracker
        self.recognizers = recognizers
        self.sink = sink
    }

    public func consume(_ frame: ContactFrame) {
        var batch = TouchFrameBatch()
        var statuses = StatusList(filler: .placeholder)
        tracker.track(frame, into: &batch, statuses: &statuses)
        for index in batch.indices {
            deliver(batch[index], statuses: index == 0 ? statuses : StatusList(filler: .placeholder), at: frame.timestamp)
        }
    }

    /// Moves time forward with no new report: report timeouts and recognizer timers fire.
    public func advance(to time: Microseconds) {
        guard time >= lastTime else { return }
        var touches = TouchFrame(timestamp: time)
        var statuses = StatusList(filler: .placeholder)
        tracker.advance(to: time, into: &touches, statuses: &statuses)
        deliver(touches, statuses: statuses, at: time)
    }

    /// The system takes every touch away (a reset, an alert): each live touch is cancelled.
    public func cancelAll(at time: Microseconds) {
        var touches = TouchFrame(timestamp: time)
        tracker.cancelAll(at: time, into: &touches)
        deliver(touches, statuses: StatusList(filler: .placeholder), at: time)
    }

    /// The input is over: advance past every pending timer.
    public func finish() {
        advance(through: lastTime + Pipeline.settleTime)
    }

    /// When the tracker or a recognizer next has something to do on its own.
    public var nextDeadline: Microseconds? {
        switch (tracker.nextDeadline, recognizers.nextDeadline) {
        case (let a?, let b?): min(a, b)
        case (let a, let b): a ?? b
        }
    }

    /// Advances to `time`, stopping at every deadline on the way so that each timer fires at its
    /// own instant, as it would have live, not at the next report.
    public func advance(through time: Microseconds) {
        // Each stop must move time on; a deadline that stays put after firing would loop forever.
        while let deadline = nextDeadline, deadline > lastTime, deadline < time {
            advance(to: deadline)
        }
        advance(to: time)
    }

    private func deliver(_ touches: TouchFrame, statuses: StatusList, at time: Microseconds) {
        lastTime = max(lastTime, time)
        for index in statuses.indices { sink(.status(statuses[index])) }
        for index in touches.touches.indices {
            let touch = touches.touches[index]
            switch touch.phase {
            case .began: liveTouches.insert(touch.trackingId)
            case .ended, .cancelled: liveTouches.remove(touch.trackingId)
            case .moved, .stationary: break
            }
            // A held finger would repeat `stationary` at the report rate; the stream leaves it out.
            if touch.phase != .stationary { sink(.touch(touch, at: touches.timestamp)) }
        }
        var events = GestureEventList(filler: .placeholder)
        if touches.touches.isEmpty {
            recognizers.advance(to: time, events: &events)
        } else {
            recognizers.process(touches, events: &events)
        }
        for index in events.indices { sink(.gesture(events[index])) }
    }
}
