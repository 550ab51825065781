extension GestureEngine {
    /// Runs one frame: first every deadline up to its timestamp, then the recognizers over its
    /// touches (began, moved, ended, cancelled, in recognizer order), then the application's touches.
    public mutating func process<Delegate: GestureEngineDelegate>(
        _ frame: TouchFrame, delegate: inout Delegate, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        work = 0
        fireDeadlines(upTo: frame.timestamp, &delegate)
        if frame.timestamp > now { now = frame.timestamp }
        stroke.record(frame)
        recordTouches(of: frame)
        let phases = PhaseSet(of: frame)
        for r in slots.indices { dispatch(frame, phases: phases, to: r, &delegate) }
        deliverTouches(of: frame)
        resetInStep = 0
        settle(&delegate)
        // A recognizer this frame set free (a single tap released when the double tap failed at the
        // next touch's beginning) takes the touches that began in it, as if it had been free when
        // they came: otherwise a second quick tap elsewhere is lost.
        if resetInStep != 0 {
            let freed = resetInStep
            for r in slots.indices where freed & RecognizerIndex(r).bit != 0 && slots[r].context.touches.isEmpty {
                dispatch(frame, phases: phases, to: r, &delegate)
            }
            settle(&delegate)
        }
        lastStepWork = work
        drain(into: &events, &deliveries)
    }

    public mutating func process(
        _ frame: TouchFrame, events: inout GestureEventList, deliveries: inout TouchDeliveryList
    ) {
        Custom._process(&self, frame, events: &events, deliveries: &deliveries)
    }

    mutating func runFrame(_ frame: TouchFrame, events: inout GestureEventList, deliveries: inout TouchDeliveryList) {
        var delegate = NoGestureDelegate()
        process(frame, delegate: &delegate, events: &events, deliveries: &deliveries)
    }

    /// Runs one frame for a caller that does not want the application's touch deliveries.
    public mutating func process(_ frame: TouchFrame, events: inout GestureEventList) {
        var discarded = TouchDeliveryList(filler: .placeholder)
        Custom._process(&self, frame, events: &events, deliveries: &discarded)
    }

    mutating func recordTouches(of frame: TouchFrame) {
        let frameTouches = frame.touches.elements
        for i in frameTouches.indices {
            let touch = frameTouches[i]
            work += 1
            if let t = touches.position(of: touch.trackingId) {
                touches[t].position = touch.position
                if touch.phase.isTerminal {
                    touches[t].isLive = false
                    touches[t].endPhase = touch.phase
                }
            } else if touch.phase == .began {
                if touches.isFull { pruneTouches() }
                let entry = EngineTouch(
                    trackingId: touch.trackingId, region: regions.hitTest(touch.startPosition),
                    startPosition: touch.startPosition, position: touch.position)
                if !touches.append(entry) { droppedTouches += 1 }
            }
            // A touch first seen after its beginning (the engine started mid-touch) is left alone.
        }
    }

    /// Hands one recognizer the frame's touches that are its own, phase by phase. A recognizer
    /// the frame has nothing for (no phase it could receive, or no touches of its own for the
    /// phases that need one) skips it without looking at a touch.
    mutating func dispatch<Delegate: GestureEngineDelegate>(
        _ frame: TouchFrame, phases: PhaseSet, to r: Int, _ delegate: inout Delegate
    ) {
        guard slots[r].options.isEnabled else { return }
        let index = RecognizerIndex(r)
        let bit = index.bit
        if phases.contains(.began) && takesNewTouches(r) {
            var began = TouchSet(filler: .placeholder)
            let frameTouches = frame.touches.elements
            for i in frameTouches.indices where frameTouches[i].phase == .began {
                work += 1
                let touch = frameTouches[i]
                guard let t = touches.position(of: touch.trackingId), receives(r, region: touches[t].region),
                    !slots[r].context.touches.isFull, delegate.shouldReceive(touch, by: index)
                else { continue }
                touches[t].receivers |= bit
                slots[r].context.touches.append(touch)
                began.append(touch)
            }
            if !began.isEmpty {
                slots[r].engaged = true
                call(.began, began, on: r, &delegate)
            }
        }
        if phases.contains(.moved) && !slots[r].context.touches.isEmpty {
            dispatchPhase(.moved, of: frame, to: r, &delegate)
        }
        if phases.contains(.ended) && !slots[r].context.touches.isEmpty {
            dispatchPhase(.ended, of: frame, to: r, &delegate)
        }
        if phases.contains(.cancelled) && !slots[r].context.touches.isEmpty {
            dispatchPhase(.cancelled, of: frame, to: r, &delegate)
        }
    }

    private mutating func dispatchPhase<Delegate: GestureEngineDelegate>(
        _ hook: RecognizerBody<Custom>.Hook, of frame: TouchFrame, to r: Int, _ delegate: inout Delegate
    ) {
        var changed = TouchSet(filler: .placeholder)
        let frameTouches = frame.touches.elements
        for i in frameTouches.indices {
            work += 1
            guard phase(frameTouches[i].phase, belongsTo: hook) else { continue }
            let trackingId = frameTouches[i].trackingId
            for k in slots[r].context.touches.indices where slots[r].context.touches[k].trackingId == trackingId {
                slots[r].context.touches[k] = frameTouches[i]
                changed.append(frameTouches[i])
                break
            }
        }
        guard !changed.isEmpty else { return }
        if !slots[r].state.isFinished {
            call(hook, changed, on: r, &delegate)
        }
        if hook != .moved { removeEndedTouches(of: r) }
    }

    private func phase(_ phase: TouchPhase, belongsTo hook: RecognizerBody<Custom>.Hook) -> Bool {
        switch hook {
        case .began: return phase == .began
        case .moved: return phase == .moved
        case .ended: return phase == .ended
        case .cancelled: return phase == .cancelled
        }
    }

    mutating func contextPosition(of trackingId: UInt32, in r: Int) -> Int? {
        for k in slots[r].context.touches.indices where slots[r].context.touches[k].trackingId == trackingId {
            return k
        }
        return nil
    }

    /// A recognizer takes new touches while it may still recognize, or while its continuous
    /// gesture is under way; not once it has decided (failed, recognized, cancelled, or waiting to
    /// report a discrete recognition).
    mutating func takesNewTouches(_ r: Int) -> Bool {
        if let pending = slots[r].pending { return pending == .began }
        let state = slots[r].state
        return state == .possible || state.isActive
    }

    mutating func receives(_ r: Int, region: RegionIndex) -> Bool {
        let own = slots[r].options.region
        return own == .root || own == region
    }

    /// Calls one hook with the context prepared, then acts on what the recognizer asked for.
    mutating func call<Delegate: GestureEngineDelegate>(
        _ hook: RecognizerBody<Custom>.Hook, _ changed: TouchSet, on r: Int, _ delegate: inout Delegate
    ) {
        slots[r].call(hook, changed, shared: &stroke, at: now)
        apply(r, &delegate)
    }

    mutating func removeEndedTouches(of r: Int) {
        var k = 0
        while k < slots[r].context.touches.count {
            if slots[r].context.touches[k].phase.isTerminal {
                slots[r].context.touches.remove(at: k)
            } else {
                k += 1
            }
        }
    }

    /// Acts on a hook's requests: touches to ignore, then the state transition.
    mutating func apply<Delegate: GestureEngineDelegate>(_ r: Int, _ delegate: inout Delegate) {
        let bit = RecognizerIndex(r).bit
        let ignored = slots[r].context.ignoreRequests
        for i in ignored.indices {
            if let k = contextPosition(of: ignored[i], in: r) { slots[r].context.touches.remove(at: k) }
            if let t = touches.position(of: ignored[i]) { touches[t].receivers &= ~bit }
        }
        slots[r].context.ignoreRequests.removeAll()
        guard let requested = slots[r].context.requestedState else { return }
        slots[r].context.requestedState = nil
        transition(r, to: requested, &delegate)
    }
}
