/// Arbitration: which recognizer may act, when, and who fails because of it (docs/gestures.md).
extension GestureEngine {
    /// Carries out a transition a recognizer asked for, within the state machine's rules.
    mutating func transition<Delegate: GestureEngineDelegate>(
        _ r: Int, to requested: RecognizerState, _ delegate: inout Delegate
    ) {
        let current = slots[r].state
        if current.isFinished { return }
        if let pending = slots[r].pending {
            switch requested {
            case .failed, .cancelled: fail(r, &delegate)
            case .ended: if pending == .began { slots[r].pendingEnded = true }
            default: break
            }
            return
        }
        switch current {
        case .possible:
            switch requested {
            case .failed, .cancelled: fail(r, &delegate)
            case .began, .changed: attemptStart(r, as: .began, &delegate)
            case .ended: attemptStart(r, as: .ended, &delegate)
            case .possible: break
            }
        case .began, .changed:
            switch requested {
            case .began, .changed: set(r, .changed, action: .changed)
            case .ended: set(r, .ended, action: .ended)
            case .cancelled, .failed: set(r, .cancelled, action: .cancelled)
            case .possible: break
            }
        default:
            break
        }
    }

    /// A recognizer wants to begin (`.began`) or recognize (`.ended`).
    mutating func attemptStart<Delegate: GestureEngineDelegate>(
        _ r: Int, as target: RecognizerState, _ delegate: inout Delegate
    ) {
        // An exclusive gesture already under way keeps this one from starting.
        for b in slots.indices where b != r && slots[b].state.isActive {
            work += 1
            if prevents(b, r, &delegate) {
                fail(r, &delegate)
                return
            }
        }
        var waiting = false
        for b in slots.indices where b != r && requires(r, toFail: b, &delegate) {
            work += 1
            if slots[b].hasFired {
                fail(r, &delegate)
                return
            }
            if slots[b].engaged && slots[b].state == .possible { waiting = true }
        }
        if waiting {
            slots[r].pending = target
            return
        }
        guard delegate.shouldBegin(RecognizerIndex(r)) else {
            fail(r, &delegate)
            return
        }
        start(r, as: target, &delegate)
    }

    /// The recognizer leaves `possible`: its action goes out, its touches are taken from the
    /// application, and competitors it prevents fail or are cancelled.
    mutating func start<Delegate: GestureEngineDelegate>(
        _ r: Int, as target: RecognizerState, _ delegate: inout Delegate
    ) {
        slots[r].pending = nil
        slots[r].hasFired = true
        let endedToo = slots[r].pendingEnded && target == .began
        slots[r].pendingEnded = false
        set(r, target, action: target == .began ? .began : .recognized)
        if slots[r].options.cancelsTouchesInView { claimTouches(of: r) }
        var failed: UInt32 = 0
        for b in slots.indices where b != r && slots[b].engaged && !slots[b].state.isFinished {
            work += 1
            let waitsForThis = requires(b, toFail: r, &delegate)
            if slots[b].state == .possible && (waitsForThis || prevents(r, b, &delegate)) {
                failQuietly(b)
                failed |= RecognizerIndex(b).bit
            } else if slots[b].state.isActive && prevents(r, b, &delegate) {
                set(b, .cancelled, action: .cancelled)
            }
        }
        if endedToo && slots[r].state.isActive { set(r, .ended, action: .ended) }
        if failed != 0 { releaseWaiters(&delegate) }
    }

    mutating func fail<Delegate: GestureEngineDelegate>(_ r: Int, _ delegate: inout Delegate) {
        failQuietly(r)
        releaseWaiters(&delegate)
    }

    /// Failing sends no action (UIKit sends none on failed).
    mutating func failQuietly(_ r: Int) {
        slots[r].context.currentState = .failed
        slots[r].pending = nil
        slots[r].pendingEnded = false
        slots[r].context.deadline = nil
    }

    /// Recognizers waiting on others retry: the moment the last recognizer they require fails they
    /// act, not later.
    mutating func releaseWaiters<Delegate: GestureEngineDelegate>(_ delegate: inout Delegate) {
        for w in slots.indices {
            guard let target = slots[w].pending, slots[w].state == .possible else { continue }
            slots[w].pending = nil
            attemptStart(w, as: target, &delegate)
        }
    }

    /// Records the new state and sends its action.
    mutating func set(_ r: Int, _ state: RecognizerState, action: GestureActionState) {
        slots[r].context.currentState = state
        emit(r, action)
    }

    mutating func emit(_ r: Int, _ action: GestureActionState) {
        // The slot's fields read through the list's span: `slots[r]` copied the whole slot.
        let slot = slots.elements
        let event = GestureEvent(
            recognizer: UInt8(r), kind: slot[r].body.kind, state: action, timestamp: now,
            location: slot[r].context.location, touches: slot[r].context.reportedTouches,
            values: slot[r].context.values)
        if !events.append(event) { droppedEvents += 1 }
    }

    /// Whether `a`, starting, makes `b` fail: they compete, may not recognize together, and
    /// neither side's prevention settings exempt `b`.
    mutating func prevents<Delegate: GestureEngineDelegate>(_ a: Int, _ b: Int, _ delegate: inout Delegate) -> Bool {
        let sa = slots[a]
        let sb = slots[b]
        guard competes(sa.options.region, sb.options.region) else { return false }
        guard sa.options.canPreventOthers, sb.options.canBePrevented,
            sa.cannotPrevent & RecognizerIndex(b).bit == 0
        else { return false }
        return !simultaneous(a, b, &delegate)
    }

    mutating func simultaneous<Delegate: GestureEngineDelegate>(_ a: Int, _ b: Int, _ delegate: inout Delegate) -> Bool {
        if slots[a].simultaneousWith & RecognizerIndex(b).bit != 0 { return true }
        let ia = RecognizerIndex(a)
        let ib = RecognizerIndex(b)
        return delegate.shouldRecognizeSimultaneously(ia, with: ib)
            || delegate.shouldRecognizeSimultaneously(ib, with: ia)
    }

    mutating func requires<Delegate: GestureEngineDelegate>(_ r: Int, toFail b: Int, _ delegate: inout Delegate) -> Bool {
        slots[r].requiresFailureOf & RecognizerIndex(b).bit != 0
            || delegate.shouldRequireFailure(of: RecognizerIndex(b), for: RecognizerIndex(r))
    }

    /// Recognizers on the same region, or one of them on the root, compete (UIKit: gestures on the
    /// same view or on a view and its ancestor); recognizers on separate regions never do.
    func competes(_ a: RegionIndex, _ b: RegionIndex) -> Bool {
        a == b || a == .root || b == .root
    }
}
