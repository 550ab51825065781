extension GestureEngine {
    /// Runs one frame: first every deadline up to its timestamp, then the recognizers over its
    /// touches (began, moved, ended, cancelled, in recognizer order), then the application's touches.
    public mutating func process<Delegate: GestureEngineDelegate>(
        _ frame: TouchFrame, delegate: inout Delegate, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        var frame = frame
        process(inPlace: &frame, delegate: &delegate, events: &events, deliveries: &deliveries)
    }

    /// `process(_:delegate:events:deliveries:)` on a frame read where it lies (`inout` only for
    /// that: a borrowed kilobyte frame was copied at the call, every report).
    mutating func process<Delegate: GestureEngineDelegate>(
        inPlace frame: inout TouchFrame, delegate: inout Delegate, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        step(&frame, &delegate)
        drain(into: &events, &deliveries)
    }

    /// One frame, its actions and deliveries left in the engine's lists.
    mutating func step<Delegate: GestureEngineDelegate>(_ frame: inout TouchFrame, _ delegate: inout Delegate) {
        work = 0
        fireDeadlines(upTo: frame.timestamp, &delegate)
        if frame.timestamp > now { now = frame.timestamp }
        // The frame's touches through one span for the whole step: read through the borrowed frame,
        // every element read copied the whole frame (1.1 KiB on the Cortex-M4).
        let frameTouches = frame.touches.elements
        if stroke.record(frameTouches, at: frame.timestamp) { matchTemplates() }
        let holders = recordTouches(frameTouches)
        let phases = PhaseSet(of: frameTouches)
        for r in slots.indices { dispatch(frameTouches, phases: phases, holders: holders, to: r, &delegate) }
        deliverTouches(frameTouches)
        resetInStep = 0
        settle(&delegate)
        // A recognizer this frame set free (a single tap released when the double tap failed at the
        // next touch's beginning) takes the touches that began in it, as if it had been free when
        // they came: otherwise a second quick tap elsewhere is lost.
        if resetInStep != 0 {
            let freed = resetInStep
            for r in slots.indices where freed & RecognizerIndex(r).bit != 0 && slots[r].context.touches.isEmpty {
                dispatch(frameTouches, phases: phases, holders: holders, to: r, &delegate)
            }
            settle(&delegate)
        }
        lastStepWork = work
    }

    public mutating func process(
        _ frame: TouchFrame, events: inout GestureEventList, deliveries: inout TouchDeliveryList
    ) {
        var frame = frame
        Custom._process(&self, &frame)
        drain(into: &events, &deliveries)
    }

    /// One frame read where it lies, for the pipeline's inlinable step: its actions and
    /// deliveries stay in the engine's `events` and `deliveries` for the pipeline to hand on and
    /// `discardPending` to empty (one copy of each list, the engine's).
    @usableFromInline
    mutating func process(inPlace frame: inout TouchFrame) {
        Custom._process(&self, &frame)
    }

    mutating func runFrame(_ frame: inout TouchFrame) {
        var delegate = NoGestureDelegate()
        step(&frame, &delegate)
    }

    /// Runs one frame for a caller that does not want the application's touch deliveries.
    public mutating func process(_ frame: TouchFrame, events: inout GestureEventList) {
        var discarded = TouchDeliveryList(filler: .placeholder)
        var frame = frame
        Custom._process(&self, &frame)
        drain(into: &events, &discarded)
    }

    /// Updates the engine's touches from the frame's, and returns which recognizers hold the
    /// frame's moved, ended and cancelled touches.
    mutating func recordTouches(_ frameTouches: TouchSpan) -> PhaseHolders {
        var holders = PhaseHolders()
        makeRoom(for: frameTouches)
        for t in touches.indices { touches[t].framePosition = EngineTouch.notInFrame }
        for i in frameTouches.indices {
            // Fields read from the frame and the touch copied once, straight into the table: a
            // local copy first cost a second 48-byte copy a touch on the Cortex-M4.
            let trackingId = frameTouches[i].trackingId
            let phase = frameTouches[i].phase
            work += 1
            if let t = touches.position(of: trackingId) {
                // Read through the span: through the subscript, the whole list (1.1 KB) was copied.
                holders.add(touches.elements[t].receivers, for: phase)
                // A touch that has ended stays ended, whatever a later frame claims.
                let ending = touches.elements[t].isLive ? phase : touches.elements[t].endPhase
                touches[t].touch = frameTouches[i]
                touches[t].touch.phase = ending
                touches[t].framePosition = UInt8(i)
            } else if phase == .began {
                let region = regions.hitTest(frameTouches[i].startPosition)
                if touches.append(EngineTouch(touch: frameTouches[i], region: region, framePosition: UInt8(i))) {
                    continue
                }
                droppedTouches += 1
            }
            // A touch first seen after its beginning (the engine started mid-touch) is left alone:
            // no recognizer holds a touch the engine does not know (it forgets only touches none holds).
        }
        return holders
    }

    /// Forgets lifted touches before a frame whose new touches would not fit. Before, not while the
    /// frame is recorded: a touch lifting in this frame is still its recognizers' until their
    /// `ended`, and only touches no recognizer holds may be forgotten.
    mutating func makeRoom(for frameTouches: TouchSpan) {
        // Most frames fit whatever they hold: the frame's new touches are counted only when not.
        guard touches.count + frameTouches.count > GestureLimits.rememberedTouches else { return }
        var beginning = 0
        for i in frameTouches.indices where frameTouches[i].phase == .began { beginning += 1 }
        if touches.count + beginning > GestureLimits.rememberedTouches { pruneTouches() }
    }

    /// Hands one recognizer the frame's touches that are its own, phase by phase. A recognizer
    /// the frame has nothing for (no phase it could receive, no touches of its own for the phases
    /// that need one, or only moves after it has decided) skips it without looking at a touch.
    mutating func dispatch<Delegate: GestureEngineDelegate>(
        _ frameTouches: TouchSpan, phases: PhaseSet, holders: PhaseHolders, to r: Int, _ delegate: inout Delegate
    ) {
        guard slots[r].options.isEnabled else { return }
        let index = RecognizerIndex(r)
        let bit = index.bit
        if phases.contains(.began) && takesNewTouches(r) {
            frameTouches.withUnsafeBufferPointer { frame in
                var began = HookTouches(of: frame)
                for i in frame.indices where frame[i].phase == .began {
                    work += 1
                    guard let t = touches.position(of: frame[i].trackingId), receives(r, region: touches[t].region),
                        !slots[r].context.touches.isFull, delegate.shouldReceive(frame[i], by: index)
                    else { continue }
                    touches[t].receivers |= bit
                    slots[r].context.touches.held.append(RecognizerTouches.Held(entry: UInt8(t), phase: .began))
                    began.append(place: i)
                }
                if !began.isEmpty {
                    slots[r].engaged = true
                    call(.began, began, on: r, &delegate)
                }
            }
        }
        // A recognizer that has decided gets no hooks until it resets, and what it keeps of its
        // touches' moves is never read (only their ends count, to know when all have lifted): moves
        // pass it by. `holders` has every recognizer that holds one of the frame's touches of a
        // phase (some of them may have let it go since).
        if holders.moved & bit != 0 && !slots[r].state.isFinished && !slots[r].context.touches.isEmpty {
            dispatchPhase(.moved, of: frameTouches, to: r, &delegate)
        }
        if holders.ended & bit != 0 && !slots[r].context.touches.isEmpty {
            dispatchPhase(.ended, of: frameTouches, to: r, &delegate)
        }
        if holders.cancelled & bit != 0 && !slots[r].context.touches.isEmpty {
            dispatchPhase(.cancelled, of: frameTouches, to: r, &delegate)
        }
    }

    private mutating func dispatchPhase<Delegate: GestureEngineDelegate>(
        _ hook: RecognizerBody<Custom>.Hook, of frameTouches: TouchSpan, to r: Int, _ delegate: inout Delegate
    ) {
        // The recognizer's touches that the frame carries with this phase, found through its own
        // list and the table (no search), then handed over where they are, in the frame's order.
        var carried: UInt32 = 0
        do {
            let table = touches.elements
            for k in slots[r].context.touches.indices {
                work += 1
                let t = Int(slots[r].context.touches.held[k].entry)
                let i = table[t].framePosition
                guard i != EngineTouch.notInFrame, Self.phase(frameTouches[Int(i)].phase, belongsTo: hook) else { continue }
                slots[r].context.touches.held[k].phase = frameTouches[Int(i)].phase
                carried |= 1 << UInt32(i)
            }
        }
        guard carried != 0 else { return }
        if !slots[r].state.isFinished {
            frameTouches.withUnsafeBufferPointer { frame in
                var changed = HookTouches(of: frame)
                while carried != 0 {
                    changed.append(place: carried.trailingZeroBitCount)
                    carried &= carried - 1
                }
                call(hook, changed, on: r, &delegate)
            }
        }
        if hook != .moved { removeEndedTouches(of: r) }
    }

    private static func phase(_ phase: TouchPhase, belongsTo hook: RecognizerBody<Custom>.Hook) -> Bool {
        switch hook {
        case .began: return phase == .began
        case .moved: return phase == .moved
        case .ended: return phase == .ended
        case .cancelled: return phase == .cancelled
        }
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

    /// Calls one hook, on `changed`, with the context prepared, then acts on what the recognizer
    /// asked for.
    mutating func call<Delegate: GestureEngineDelegate>(
        _ hook: RecognizerBody<Custom>.Hook, _ changed: HookTouches, on r: Int, _ delegate: inout Delegate
    ) {
        slots[r].call(hook, changed, table: touches.elements, shared: &stroke, at: now)
        apply(r, &delegate)
    }

    mutating func removeEndedTouches(of r: Int) {
        var k = 0
        while k < slots[r].context.touches.count {
            if slots[r].context.touches.held[k].phase.isTerminal {
                slots[r].context.touches.held.remove(at: k)
            } else {
                k += 1
            }
        }
    }

    /// Acts on a hook's requests: touches to ignore, then the state transition.
    mutating func apply<Delegate: GestureEngineDelegate>(_ r: Int, _ delegate: inout Delegate) {
        let bit = RecognizerIndex(r).bit
        let ignored = slots[r].context.ignoredPositions
        if ignored != 0 {
            slots[r].context.ignoredPositions = 0
            // From the last position down, so that a removal does not move a position still to come.
            var k = slots[r].context.touches.count - 1
            while k >= 0 {
                if ignored & (1 << UInt16(k)) != 0 {
                    let t = Int(slots[r].context.touches.held[k].entry)
                    touches[t].receivers &= ~bit
                    slots[r].context.touches.held.remove(at: k)
                }
                k -= 1
            }
        }
        guard let requested = slots[r].context.requestedState else { return }
        slots[r].context.requestedState = nil
        transition(r, to: requested, &delegate)
    }
}
