/// Turns controller reports into touches with host identities, in the manner of Linux multitouch
/// protocol B: each live touch sits in a slot and carries a tracking id that is unique for the
/// session and never reused. Memory is fixed at init and the work per report is bounded by the
/// capacity, never by history. The rules are in docs/tracking.md.
public struct SlotTracker: Sendable {
    public let configuration: TrackerConfiguration

    var slots = InlineArray<20, TrackerSlot>(repeating: TrackerSlot())
    /// The slots that hold a live touch: every loop over touches walks these only.
    private(set) var liveSlots = SlotMask()
    /// Slots freed by a lift in the report being processed; a new touch prefers another slot, so a
    /// frame never shows one slot both ending and beginning when it can be avoided.
    private var freedThisReport = SlotMask()
    /// The slot of each controller id's live touch, -1 for none: a contact finds its touch in one
    /// look rather than a scan of every slot (ten contacts looked at up to twenty slots each).
    private var slotOfControllerId = InlineArray<256, Int8>(repeating: -1)
    private var nextTrackingId: UInt32 = 1
    private var sequence: SequenceWatch

    /// `configuration.reportTimeout` and `.gateInterval`, worked out once: each is a division,
    /// and the tracker asks for them per slot and per contact.
    let reportTimeout: Microseconds
    let gateInterval: Microseconds

    /// Only stored properties are set, from a local: reading `self` in an initializer needs it
    /// whole in memory, and a pipeline built around this tracker was then built on the stack
    /// (20 KB on the Cortex-M4) and copied into place.
    public init(configuration: TrackerConfiguration) {
        let sanitized = configuration.sanitized
        self.configuration = sanitized
        sequence = SequenceWatch(bits: sanitized.sequenceBits)
        reportTimeout = sanitized.reportTimeout
        gateInterval = sanitized.gateInterval
    }

    /// `configuration.gate(_:after:)` with the interval worked out at init.
    @inline(__always)
    func gate(_ distance: Float, after elapsed: Microseconds) -> Float {
        TrackerConfiguration.gate(distance, after: elapsed, interval: gateInterval)
    }

    public var liveTouchCount: Int { liveSlots.count }

    /// When `advance(to:)` would next end something: the earliest report timeout of a live touch.
    /// A `mutating` getter, though it changes nothing: a plain getter's borrowed tracker was copied
    /// whole, slots and all, on the Cortex-M4 (the pipeline asks every step); this reads in place.
    public var nextDeadline: Microseconds? {
        mutating get {
            Self.earliestTimeout(among: slots.span, live: liveSlots, silence: configuration.silence, reportTimeout: reportTimeout)
        }
    }

    /// Static, with what it needs passed in: a non-mutating method called in place still got a
    /// copy of the whole tracker (3 KB) on the Cortex-M4.
    private static func earliestTimeout(
        among slots: Span<TrackerSlot>, live: SlotMask, silence: SilenceRule, reportTimeout: Microseconds
    ) -> Microseconds? {
        guard silence != .holdsTouches else { return nil }
        var earliest: Microseconds?
        var live = live
        while let slot = live.removeFirst() {
            let deadline = slots[slot].lastSeen + reportTimeout
            if let sooner = earliest, sooner <= deadline { continue }
            earliest = deadline
        }
        return earliest
    }

    // MARK: - Reports

    /// One report frame in; the touches that changed or are live out, plus statuses. `batch` gets
    /// one frame, or two when touches had to end before others begin (see `TouchFrameBatch`).
    public mutating func track(_ frame: ContactFrame, into batch: inout TouchFrameBatch, statuses: inout StatusList) {
        track(frame, at: frame.timestamp, into: &batch, statuses: &statuses)
    }

    /// `track(_:into:statuses:)` with the report taken as happening at `now` whatever its own
    /// timestamp says: a pipeline that holds time steady passes the report where it lies instead
    /// of copying it to restamp it.
    public mutating func track(
        _ frame: ContactFrame, at now: Microseconds, into batch: inout TouchFrameBatch, statuses: inout StatusList
    ) {
        var frame = frame
        track(&frame, at: now, into: &batch, statuses: &statuses)
    }

    /// The same with the report read where it lies (`inout`, left as it was): the contacts of a
    /// borrowed report were copied whole (about 1 KB) each time they were read, twice a report on
    /// the Cortex-M4.
    public mutating func track(
        _ frame: inout ContactFrame, at now: Microseconds, into batch: inout TouchFrameBatch, statuses: inout StatusList
    ) {
        // The batch's own places are written directly: the closing frame, and the report's frame,
        // which collects this report's endings first and its live touches after them.
        batch.start(timestamp: now)
        // Only live slots carry per-report marks: a slot's marks are cleared when it is freed.
        freedThisReport = SlotMask()
        var live = liveSlots
        while let slot = live.removeFirst() { slots[slot].startReport() }

        switch sequence.observe(frame.sequence) {
        case .inOrder:
            break
        case .lost(let count):
            statuses.append(StatusEvent(kind: .framesLost, timestamp: now, count: count))
        case .restarted:
            // A controller that starts counting again has forgotten its contacts: so do we.
            let cancelled = releaseAll(phase: .cancelled, into: &batch.closing.touches)
            statuses.append(StatusEvent(kind: .deviceReset, timestamp: now, count: UInt32(truncatingIfNeeded: cancelled)))
        }

        // Touches the host should already have timed out with advance(to:) end before this report.
        let timedOut = releaseExpired(at: now, into: &batch.closing.touches)
        if timedOut > 0 {
            statuses.append(StatusEvent(kind: .reportTimeout, timestamp: now, count: UInt32(truncatingIfNeeded: timedOut)))
        }

        var overflow = max(frame.droppedContacts, 0)
        var duplicates = 0
        var ledger = ContactIdLedger()
        var newcomers = InlineList<20, Int>(filler: 0)
        // Lifts first, wherever they stand in the report: a down listed before the up with its id
        // is the id's next touch, never a continuation of the touch that up ends.
        let contacts = frame.contacts.elements
        var anonymous = false
        for pass in 0..<2 {
            for index in contacts.indices {
                let contact = contacts[index]
                guard let id = contact.controllerId else {
                    anonymous = true
                    continue
                }
                guard (contact.state == .up) == (pass == 0) else { continue }
                guard ledger.admit(id, state: contact.state) else {
                    duplicates += 1
                    continue
                }
                if apply(contact, id: id, at: now, closing: &batch.closing.touches, endings: &batch.current.touches) {
                    newcomers.append(index)
                }
            }
        }
        // A report of contacts with ids, as most are, has nothing to pair (and skips setting up lists for it).
        if anonymous { matchAnonymous(contacts, at: now, endings: &batch.current.touches, newcomers: &newcomers) }

        // Not seen means up: a full report lists every contact the controller still sees. One that
        // had to drop contacts no longer does, and its missing touches may be among the dropped.
        if frame.isFull && frame.droppedContacts == 0 {
            var unseen = liveSlots
            while let slot = unseen.removeFirst() {
                guard !slots[slot].seen else { continue }
                batch.current.touches.append(release(slot, phase: .ended, freedThisReport: true))
            }
        }
        // New touches take slots only after every lift of this report freed its own.
        for index in newcomers.indices {
            let contact = contacts[newcomers[index]]
            begin(contact, controllerId: contact.controllerId, at: now, overflow: &overflow)
        }

        // A frame holds maxContacts touches; when the endings do not fit beside the live touches
        // they go first, in the closing frame, which is just as true and keeps every ending.
        if batch.current.touches.count + liveSlots.count > TouchLimits.maxContacts {
            let endings = batch.current.touches.count
            for index in 0..<endings { batch.closing.touches.append(batch.current.touches[index]) }
            batch.current.touches.removeAll()
        }

        if overflow > 0 {
            statuses.append(StatusEvent(kind: .overflow, timestamp: now, count: UInt32(truncatingIfNeeded: min(overflow, 0x7FFF_FFFF))))
        }
        if duplicates > 0 {
            statuses.append(StatusEvent(kind: .duplicateContact, timestamp: now, count: UInt32(truncatingIfNeeded: duplicates)))
        }
        var remaining = liveSlots
        while let slot = remaining.removeFirst() {
            batch.current.touches.append(slots[slot].snapshot(slot: slot, phase: slots[slot].livePhase))
        }
        batch.close()
    }

    // MARK: - Time and resets

    /// Time passes without reports (called by the host on its clock or virtual clock): touches end
    /// after the report timeout. `output` lists only the touches that ended.
    public mutating func advance(to time: Microseconds, into output: inout TouchFrame, statuses: inout StatusList) {
        output = TouchFrame(timestamp: time)
        let timedOut = releaseExpired(at: time, into: &output.touches)
        if timedOut > 0 {
            statuses.append(StatusEvent(kind: .reportTimeout, timestamp: time, count: UInt32(truncatingIfNeeded: timedOut)))
        }
    }

    /// The link went away or the device reset: every live touch is cancelled, and the next
    /// sequence number starts a new count.
    public mutating func cancelAll(at time: Microseconds, into output: inout TouchFrame) {
        output = TouchFrame(timestamp: time)
        _ = releaseAll(phase: .cancelled, into: &output.touches)
        sequence.forget()
    }

    // MARK: - Steps

    /// Applies a contact with a controller id to its touch; true when it starts a new touch instead.
    private mutating func apply(
        _ contact: ReportedContact, id: UInt8, at now: Microseconds,
        closing: inout TouchFrame.Touches, endings: inout TouchFrame.Touches
    ) -> Bool {
        guard let slot = liveSlot(controllerId: id) else {
            // An up for an id with no touch: its touch already ended (timeout) or its down was lost.
            return contact.state != .up
        }
        if contact.state == .up {
            endings.append(release(slot, phase: .ended, freedThisReport: true))
            return false
        }
        let elapsed = max(now - slots[slot].lastSeen, 0)
        // Squared, so a report costs no square roots (a tenth of the tracker's time).
        let squared = slots[slot].position.squaredDistance(to: contact.position)
        let gate = gate(configuration.lostLiftDistance, after: elapsed)
        if elapsed > configuration.staleGap || squared > gate * gate {
            // The same id, but not the same finger: its lift was lost. End it on its own frame.
            closing.append(release(slot, phase: .ended, freedThisReport: false))
            return true
        }
        slots[slot].update(with: contact, at: now)
        return false
    }

    private mutating func begin(_ contact: ReportedContact, controllerId: UInt8?, at now: Microseconds, overflow: inout Int) {
        guard let slot = freeSlot() else {
            overflow += 1
            return
        }
        slots[slot].occupy(trackingId: nextTrackingId, controllerId: controllerId, contact: contact, at: now)
        liveSlots.insert(slot)
        if let controllerId { slotOfControllerId[Int(controllerId)] = Int8(truncatingIfNeeded: slot) }
        // 0 stays unused so it can mean "no touch" to C callers; wrapping takes 4 billion touches.
        nextTrackingId = nextTrackingId == UInt32.max ? 1 : nextTrackingId + 1
    }

    private mutating func liveSlot(controllerId: UInt8) -> Int? {
        let slot = slotOfControllerId[Int(controllerId)]
        return slot >= 0 ? Int(slot) : nil
    }

    /// Ends the touch in `slot` and returns its last appearance; its controller id no longer
    /// leads to it.
    mutating func release(_ slot: Int, phase: TouchPhase, freedThisReport: Bool) -> TrackedTouch {
        if let id = slots[slot].controllerId, slotOfControllerId[Int(id)] == Int8(truncatingIfNeeded: slot) {
            slotOfControllerId[Int(id)] = -1
        }
        liveSlots.remove(slot)
        if freedThisReport { self.freedThisReport.insert(slot) }
        return slots[slot].release(slot: slot, phase: phase)
    }

    /// The lowest free slot, as the kernel picks, preferring one not freed by this report.
    private mutating func freeSlot() -> Int? {
        let free = SlotMask(first: configuration.capacity).subtracting(liveSlots)
        return free.subtracting(freedThisReport).first ?? free.first
    }

    /// Touches silent for the report timeout, under the configuration's `silence` rule.
    private mutating func releaseExpired(at time: Microseconds, into touches: inout TouchFrame.Touches) -> Int {
        let phase: TouchPhase
        switch configuration.silence {
        case .holdsTouches: return 0
        case .cancelsTouches: phase = .cancelled
        case .endsTouches: phase = .ended
        }
        var count = 0
        var live = liveSlots
        while let slot = live.removeFirst() {
            guard time - slots[slot].lastSeen >= reportTimeout else { continue }
            touches.append(release(slot, phase: phase, freedThisReport: false))
            count += 1
        }
        return count
    }

    private mutating func releaseAll(phase: TouchPhase, into touches: inout TouchFrame.Touches) -> Int {
        var count = 0
        var live = liveSlots
        while let slot = live.removeFirst() {
            touches.append(release(slot, phase: phase, freedThisReport: false))
            count += 1
        }
        return count
    }
}
