/// One slot of the tracker: the touch that occupies it, if any, and what happened to it in the
/// report being processed.
struct TrackerSlot: Sendable {
    enum Change: UInt8, Sendable {
        case none
        case began
        case moved
    }

    // Declared widest first (Swift keeps declaration order): 72 bytes a slot instead of 88.
    var startTime: Microseconds = 0
    var lastSeen: Microseconds = 0
    /// The report before `lastSeen`, kept only to predict where an anonymous finger is going.
    var previousSeen: Microseconds = 0
    var position = PanelPoint.zero
    var startPosition = PanelPoint.zero
    var previousPosition = PanelPoint.zero
    var shape = ContactShape.unknown
    var trackingId: UInt32 = 0
    var amplitude: UInt16 = 0
    /// nil for a touch whose identity comes from assignment rather than from the controller.
    var controllerId: UInt8?
    var isLive = false
    var isPalm = false

    // Per report.
    var seen = false
    var change = Change.none

    mutating func startReport() {
        seen = false
        change = .none
    }

    mutating func occupy(
        trackingId: UInt32, controllerId: UInt8?, contact: ReportedContact, at time: Microseconds
    ) {
        isLive = true
        self.trackingId = trackingId
        self.controllerId = controllerId
        position = contact.position
        startPosition = contact.position
        previousPosition = contact.position
        startTime = time
        lastSeen = time
        previousSeen = time
        amplitude = contact.amplitude
        shape = contact.shape
        isPalm = contact.isPalm
        seen = true
        change = .began
    }

    mutating func update(with contact: ReportedContact, at time: Microseconds) {
        if contact.position != position && change != .began { change = .moved }
        previousPosition = position
        previousSeen = lastSeen
        position = contact.position
        lastSeen = time
        amplitude = contact.amplitude
        shape = contact.shape
        isPalm = contact.isPalm
        seen = true
    }

    /// Where the finger should be at `time` if it keeps its last velocity. The extrapolation is
    /// capped at two of its own intervals so a long silence cannot throw the guess across the panel.
    func predictedPosition(at time: Microseconds) -> PanelPoint {
        let base = lastSeen - previousSeen
        guard base > 0 && time > lastSeen else { return position }
        let ratio = min(Float(time - lastSeen) / Float(base), 2)
        return position + (position - previousPosition) * ratio
    }

    func snapshot(slot: Int, phase: TouchPhase) -> TrackedTouch {
        var touch = TrackedTouch(
            trackingId: trackingId, slot: UInt8(truncatingIfNeeded: slot), phase: phase, position: position,
            startPosition: startPosition, startTime: startTime, amplitude: amplitude)
        touch.shape = shape
        touch.isPalm = isPalm
        return touch
    }

    var livePhase: TouchPhase {
        switch change {
        case .began: return .began
        case .moved: return .moved
        case .none: return .stationary
        }
    }

    /// Ends the touch and returns its last appearance.
    mutating func release(slot: Int, phase: TouchPhase) -> TrackedTouch {
        let last = snapshot(slot: slot, phase: phase)
        isLive = false
        seen = false
        change = .none
        return last
    }
}
