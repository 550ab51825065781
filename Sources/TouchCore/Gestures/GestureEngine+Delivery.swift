/// Delivery of raw touches to the application behind each region, as UIKit's window does for the
/// hit-tested view: recognizers see touches first; `delaysTouchesBegan` and `delaysTouchesEnded`
/// hold phases back while a recognizer may still recognize; `cancelsTouchesInView` cancels what
/// the application already has once a recognizer acts, and keeps the rest from it.
extension GestureEngine {
    mutating func deliverTouches(_ frameTouches: TouchSpan) {
        for i in frameTouches.indices {
            work += 1
            let touch = frameTouches[i]
            guard let t = touches.position(of: touch.trackingId) else { continue }
            // The engine touch is read through the list's span: read through its subscript, each
            // field read copied the whole list (1.1 KB), a third of a report's time without recognizers.
            let known = touches.elements[t]
            switch touch.phase {
            case .began:
                guard known.delivery == .unsent else { continue }
                if isTaken(t) {
                    touches[t].delivery = .closed
                } else if holds(t, delayingBegan: true) {
                    touches[t].delivery = .beganHeld
                } else {
                    send(t, .began, at: known.startPosition)
                    touches[t].delivery = .open
                }
            case .moved:
                if known.delivery == .open { send(t, .moved, at: touch.position) }
            case .stationary:
                break
            case .ended:
                if known.delivery == .open { finish(t) }
            case .cancelled:
                switch known.delivery {
                case .open, .endHeld: send(t, .cancelled, at: touch.position)
                default: break
                }
                touches[t].delivery = .closed
            }
        }
    }

    /// A touch whose beginning a recognizer already acting with cancelsTouchesInView received
    /// (a finger joining a pan under way) never reaches the application.
    mutating func isTaken(_ t: Int) -> Bool {
        var mask = touches.elements[t].receivers
        while mask != 0 {
            let r = mask.trailingZeroBitCount
            mask &= mask - 1
            let slot = slots[r]
            if slot.options.cancelsTouchesInView && slot.hasFired && slot.state != .possible { return true }
        }
        return false
    }

    /// Whether a recognizer that may still recognize, and delays that phase, is analysing the touch.
    mutating func holds(_ t: Int, delayingBegan: Bool) -> Bool {
        var mask = touches.elements[t].receivers
        while mask != 0 {
            let r = mask.trailingZeroBitCount
            mask &= mask - 1
            let slot = slots[r]
            guard slot.state == .possible && slot.engaged else { continue }
            if delayingBegan ? slot.options.delaysTouchesBegan : slot.options.delaysTouchesEnded { return true }
        }
        return false
    }

    /// An ended touch the application has: its end goes out now, or waits.
    mutating func finish(_ t: Int) {
        let known = touches.elements[t]
        if known.endPhase == .cancelled {
            send(t, .cancelled, at: known.position)
            touches[t].delivery = .closed
        } else if holds(t, delayingBegan: false) {
            touches[t].delivery = .endHeld
        } else {
            send(t, .ended, at: known.position)
            touches[t].delivery = .closed
        }
    }

    /// A recognizer acted: the application loses the touches it is analysing.
    mutating func claimTouches(of r: Int) {
        let bit = RecognizerIndex(r).bit
        for t in touches.indices where touches[t].receivers & bit != 0 {
            work += 1
            switch touches[t].delivery {
            case .open, .endHeld: send(t, .cancelled, at: touches[t].position)
            default: break
            }
            touches[t].delivery = .closed
        }
    }

    /// Phases held back go out once no recognizer that delays them may still recognize.
    mutating func releaseHeldTouches() {
        // Nearly always nothing is held: one look through a span instead of a read per touch.
        var anyHeld = false
        do {
            let known = touches.elements
            for t in known.indices where known[t].delivery == .beganHeld || known[t].delivery == .endHeld { anyHeld = true }
        }
        guard anyHeld else { return }
        for t in touches.indices {
            work += 1
            switch touches[t].delivery {
            case .beganHeld:
                guard !holds(t, delayingBegan: true) else { continue }
                send(t, .began, at: touches[t].startPosition)
                if touches[t].position != touches[t].startPosition { send(t, .moved, at: touches[t].position) }
                touches[t].delivery = .open
                if !touches[t].isLive { finish(t) }
            case .endHeld:
                guard !holds(t, delayingBegan: false) else { continue }
                send(t, .ended, at: touches[t].position)
                touches[t].delivery = .closed
            default:
                break
            }
        }
    }

    mutating func send(_ t: Int, _ phase: TouchPhase, at position: PanelPoint) {
        let touch = touches.elements[t]
        let delivery = TouchDelivery(
            region: touch.region, trackingId: touch.trackingId, phase: phase, position: position, timestamp: now)
        if !deliveries.append(delivery) { droppedDeliveries += 1 }
    }

    /// Forgets touches that have lifted and owe the application nothing more.
    mutating func pruneTouches() {
        var anyDone = false
        do {
            let known = touches.elements
            for t in known.indices where !known[t].isLive && known[t].delivery == .closed { anyDone = true }
        }
        guard anyDone || touches.isFull else { return }
        var t = 0
        while t < touches.count {
            work += 1
            if !touches[t].isLive && touches[t].delivery == .closed {
                forgetTouch(at: t)
            } else {
                t += 1
            }
        }
        if touches.isFull {
            // Only lifted touches with held-back ends can be dropped: their end goes out early.
            for t in touches.indices where !touches[t].isLive && touches[t].delivery == .endHeld {
                send(t, .ended, at: touches[t].position)
                forgetTouch(at: t)
                return
            }
        }
    }

    /// Removes entry `t` from the engine's table, the last entry taking its place, and points the
    /// recognizers that hold that last one at its new place. No recognizer holds a touch the
    /// engine forgets (only lifted touches are, after their `ended`); one that somehow did loses it
    /// rather than read another touch.
    mutating func forgetTouch(at t: Int) {
        let last = UInt8(touches.count - 1)
        touches.swapRemove(at: t)
        for r in slots.indices {
            var k = 0
            while k < slots[r].context.touches.count {
                work += 1
                let entry = slots[r].context.touches.held[k].entry
                if entry == UInt8(t) {
                    slots[r].context.touches.held.remove(at: k)
                    continue
                }
                if entry == last { slots[r].context.touches.held[k].entry = UInt8(t) }
                k += 1
            }
        }
    }
}
