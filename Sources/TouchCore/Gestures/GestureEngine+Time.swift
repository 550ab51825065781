/// Time as data: deadlines fire when a frame's timestamp or `advance(to:)` passes them, never by
/// a clock, and everything a deadline sets off carries the deadline's own time.
extension GestureEngine {
    public mutating func advance<Delegate: GestureEngineDelegate>(
        to time: Microseconds, delegate: inout Delegate, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        passTime(to: time, &delegate)
        drain(into: &events, &deliveries)
    }

    mutating func passTime<Delegate: GestureEngineDelegate>(to time: Microseconds, _ delegate: inout Delegate) {
        fireDeadlines(upTo: time, &delegate)
        if time > now { now = time }
        settle(&delegate)
    }

    public mutating func advance(
        to time: Microseconds, events: inout GestureEventList, deliveries: inout TouchDeliveryList
    ) {
        Custom._advance(&self, to: time)
        drain(into: &events, &deliveries)
    }

    public mutating func advance(to time: Microseconds, events: inout GestureEventList) {
        var discarded = TouchDeliveryList(filler: .placeholder)
        Custom._advance(&self, to: time)
        drain(into: &events, &discarded)
    }

    /// `advance(to:events:deliveries:)` for the pipeline's inlinable step: what it sends stays in
    /// the engine's `events` and `deliveries` (see `process(inPlace:)`).
    @usableFromInline
    mutating func advanceKeepingPending(to time: Microseconds) {
        Custom._advance(&self, to: time)
    }

    mutating func runTime(to time: Microseconds) {
        var delegate = NoGestureDelegate()
        passTime(to: time, &delegate)
    }

    /// The system cancels every touch (an alert, a device reset): gestures under way send
    /// `cancelled`, undecided ones fail, the application gets `cancelled` for the touches it has,
    /// and every recognizer resets. Later frames about those touches are ignored.
    public mutating func cancelAll<Delegate: GestureEngineDelegate>(
        at time: Microseconds, delegate: inout Delegate, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        // What was due before the cancel still happens, as it would had a frame come first.
        fireDeadlines(upTo: time, &delegate)
        if time > now { now = time }
        stroke.discard()
        // Nobody waiting may act on the failures a cancel causes.
        for r in slots.indices where slots[r].pending != nil { failQuietly(r) }
        // The cancelled touches are made here, in a list of this call's (a kilobyte of stack while
        // it lasts, where the engine used to keep one for every hook).
        var cancelled = TouchSet(filler: .placeholder)
        for r in slots.indices {
            cancelled.removeAll()
            for k in slots[r].context.touches.indices {
                slots[r].context.touches.held[k].phase = .cancelled
                var touch = touches.elements[Int(slots[r].context.touches.held[k].entry)].touch
                touch.phase = .cancelled
                cancelled.append(touch)
            }
            if !cancelled.isEmpty && !slots[r].state.isFinished && slots[r].pending == nil {
                cancelled.elements.withUnsafeBufferPointer { list in
                    call(.cancelled, HookTouches(all: list), on: r, &delegate)
                }
            }
            if slots[r].state.isActive {
                set(r, .cancelled, action: .cancelled)
            } else if slots[r].state == .possible {
                failQuietly(r)
            }
        }
        for t in touches.indices {
            switch touches[t].delivery {
            case .open, .endHeld: send(t, .cancelled, at: touches[t].position)
            default: break
            }
        }
        touches.removeAll()
        for r in slots.indices {
            slots[r].context.touches.held.removeAll()
            reset(r)
        }
        drain(into: &events, &deliveries)
    }

    public mutating func cancelAll(
        at time: Microseconds, events: inout GestureEventList, deliveries: inout TouchDeliveryList
    ) {
        var delegate = NoGestureDelegate()
        cancelAll(at: time, delegate: &delegate, events: &events, deliveries: &deliveries)
    }

    public mutating func cancelAll(at time: Microseconds, events: inout GestureEventList) {
        var delegate = NoGestureDelegate()
        var discarded = TouchDeliveryList(filler: .placeholder)
        cancelAll(at: time, delegate: &delegate, events: &events, deliveries: &discarded)
    }

    /// Fires every deadline at or before `time`, earliest first, each at its own time.
    mutating func fireDeadlines<Delegate: GestureEngineDelegate>(
        upTo time: Microseconds, _ delegate: inout Delegate
    ) {
        // A recognizer that keeps setting deadlines in the past cannot stall the engine.
        var budget = 2 * capacity
        while budget > 0 {
            budget -= 1
            var earliest: Int? = nil
            for r in slots.indices {
                work += 1
                guard let deadline = slots[r].context.deadline, deadline <= time,
                    !slots[r].state.isFinished, slots[r].options.isEnabled
                else { continue }
                if earliest == nil || deadline < slots[earliest!].context.deadline! { earliest = r }
            }
            guard let r = earliest, let deadline = slots[r].context.deadline else { return }
            if deadline > now { now = deadline }
            slots[r].reachDeadline(at: now, table: touches.elements)
            apply(r, &delegate)
            settle(&delegate)
        }
    }

    /// End-of-step housekeeping, in UIKit's order: undecided recognizers left with nothing to wait
    /// for fail, finished ones whose touches have all lifted reset, held-back touches go out.
    mutating func settle<Delegate: GestureEngineDelegate>(_ delegate: inout Delegate) {
        for r in slots.indices {
            work += 1
            if slots[r].engaged && slots[r].state == .possible && slots[r].pending == nil
                && slots[r].context.touches.isEmpty && slots[r].context.deadline == nil
            {
                fail(r, &delegate)
            }
        }
        for r in slots.indices where slots[r].state.isFinished && slots[r].context.touches.isEmpty {
            reset(r)
        }
        releaseHeldTouches()
        pruneTouches()
    }

    /// Back to `possible`, forgetting this touch sequence. Touches still down stay unknown to the
    /// recognizer until they lift, because it never received their beginning.
    mutating func reset(_ r: Int) {
        resetInStep |= RecognizerIndex(r).bit
        slots[r].body.reset()
        slots[r].context = freshContext()
        slots[r].pending = nil
        slots[r].pendingEnded = false
        slots[r].engaged = false
        slots[r].hasFired = false
        let keep = ~RecognizerIndex(r).bit
        for t in touches.indices {
            work += 1
            touches[t].receivers &= keep
        }
    }

    /// Empties the engine's lists of a step's actions and deliveries once a pipeline handed them on.
    @usableFromInline
    mutating func discardPending() {
        events.removeAll()
        deliveries.removeAll()
    }

    mutating func drain(into events: inout GestureEventList, _ deliveries: inout TouchDeliveryList) {
        droppedEvents += events.append(contentsOf: self.events.elements)
        droppedDeliveries += deliveries.append(contentsOf: self.deliveries.elements)
        self.events.removeAll()
        self.deliveries.removeAll()
    }
}
