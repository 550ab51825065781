import TouchCore

/// Turns evdev events into contact frames at each `SYN_REPORT`, with the kernel's touches: a touch
/// begins and ends exactly where the kernel says one does (docs/strokes.md, "Evemu recordings").
///
/// - Protocol B: a slot's touch begins when the slot takes a tracking id and ends when the id
///   becomes -1, or when the slot takes another id without a lift (the successor then begins).
/// - Protocol A with `ABS_MT_TRACKING_ID` in its reports: a touch is a tracking id; it ends in the
///   first frame that does not list it.
/// - Protocol A without ids: the contacts are anonymous (`controllerId` nil) and every frame lists
///   all of them; the tracker pairs them from frame to frame (an empty frame lifts them all).
/// - Single touch: `BTN_TOUCH` 1 begins the touch at `ABS_X`/`ABS_Y`, 0 ends it.
///
/// evdev sends a value only when it changes, and a recording does not start with the slots'
/// state: a coordinate a slot has not reported yet is the first value the recording reports for
/// that slot later, else the latest value of that axis in any slot (the finger next to it). The
/// single-touch axes likewise start at their first reported values.
///
/// `BTN_TOUCH` on a multitouch device only summarises its contacts and is not read.
/// `SYN_DROPPED` says the kernel dropped events before it; the events after it are still the
/// newest true values, and with no device to ask for the rest (libevdev's resync) they are applied
/// as recorded. A protocol A frame that it cut short lists only some contacts, so that frame is
/// skipped: the next complete one says who is down.
struct EvemuFrameDecoder {
    private struct Slot {
        var trackingId = -1
        var x = 0
        var y = 0
        /// ABS_MT_TOUCH_MAJOR, _MINOR, _ORIENTATION as last reported; nil until they are.
        var major: Int?
        var minor: Int?
        var orientation = 0
    }

    /// One `SYN_MT_REPORT` block of protocol A.
    private struct AnonymousReport {
        var trackingId: Int?
        var x: Int?
        var y: Int?

        var isEmpty: Bool { trackingId == nil && x == nil && y == nil }
    }

    let scale: PositionScale
    let protocolKind: EvemuImporter.ProtocolKind
    /// The frames of the events consumed since `clearFrames`.
    private(set) var frames: [ContactFrame] = []
    /// How many `SYN_DROPPED` the recording holds.
    private(set) var dropMarkers = 0
    /// The time of the last event, from the first.
    private(set) var lastTime: Microseconds = 0

    private var book = EvemuTouchBook()
    private var firstTime: Int64?
    /// Times count from this instead of the first event's (a live device: the kernel's clock is the session's).
    var timeOrigin: Int64? {
        get { firstTime }
        set { firstTime = newValue }
    }
    // Protocol B
    private var slots: [Int: Slot] = [:]
    private var currentSlot = 0
    // Protocol A
    private var pending = AnonymousReport()
    private var reports: [AnonymousReport] = []
    private var lastX = 0
    private var lastY = 0
    private var frameCutShort = false
    private var anonymousBefore = 0
    // Single touch
    private var touching = false
    private var singleX: Int
    private var singleY: Int

    /// The first value the recording gives each slot's coordinates.
    private var firstSlotX: [Int: Int] = [:]
    private var firstSlotY: [Int: Int] = [:]
    private var latestX: Int?
    private var latestY: Int?

    /// Where each axis starts before its first event: for a recording, the first value it reports
    /// later (`StartValues.firstReported`); for a live device, what the device says now (`EvdevState`).
    struct StartValues: Sendable {
        var slotX: [Int: Int] = [:]
        var slotY: [Int: Int] = [:]
        var singleX: Int?
        var singleY: Int?
        /// The slot the device's next event applies to.
        var slot = 0

        /// The first value a recording gives each axis, read ahead through its events.
        static func firstReported(in events: [EvemuEvent]) -> StartValues {
            var values = StartValues()
            var slot = 0
            for event in events where event.type == EvemuEvent.absType {
                switch event.code {
                case EvemuEvent.absMTSlot: slot = event.value
                case EvemuEvent.absMTPositionX where values.slotX[slot] == nil: values.slotX[slot] = event.value
                case EvemuEvent.absMTPositionY where values.slotY[slot] == nil: values.slotY[slot] = event.value
                case EvemuEvent.absX where values.singleX == nil: values.singleX = event.value
                case EvemuEvent.absY where values.singleY == nil: values.singleY = event.value
                default: break
                }
            }
            return values
        }
    }

    init(scale: PositionScale, protocolKind: EvemuImporter.ProtocolKind, start: StartValues) {
        self.scale = scale
        self.protocolKind = protocolKind
        firstSlotX = start.slotX
        firstSlotY = start.slotY
        singleX = start.singleX ?? 0
        singleY = start.singleY ?? 0
        currentSlot = start.slot
    }

    /// The frames made since the last call (a live device's reader hands them on as they come).
    mutating func takeFrames() -> [ContactFrame] {
        defer { frames.removeAll(keepingCapacity: true) }
        return frames
    }

    /// A slot the recording has not used yet, with the coordinates it will turn out to have.
    private func freshSlot(_ index: Int) -> Slot {
        Slot(x: firstSlotX[index] ?? latestX ?? 0, y: firstSlotY[index] ?? latestY ?? 0)
    }

    mutating func clearFrames() { frames.removeAll(keepingCapacity: true) }

    /// Whether touches are still down after the last report.
    var endsWithTouchesDown: Bool { book.hasLiveTouches || anonymousBefore > 0 }

    mutating func consume(_ event: EvemuEvent) {
        let start = firstTime ?? event.time
        firstTime = start
        // Kernel times only go forward; a recording whose clock stepped back keeps the last time.
        lastTime = max(lastTime, event.time - start)
        switch (event.type, event.code) {
        case (EvemuEvent.synType, EvemuEvent.synReport):
            report(at: lastTime)
        case (EvemuEvent.synType, EvemuEvent.synMTReport):
            if !pending.isEmpty { reports.append(pending) }
            pending = AnonymousReport()
        case (EvemuEvent.synType, EvemuEvent.synDropped):
            dropMarkers += 1
            frameCutShort = true
        case (EvemuEvent.keyType, EvemuEvent.btnTouch) where protocolKind == .singleTouch:
            if event.value != 0 && !touching {
                book.begin(0, at: singlePoint)
            } else if event.value == 0 && touching {
                book.end(0, at: singlePoint)
            }
            touching = event.value != 0
        case (EvemuEvent.absType, EvemuEvent.absX):
            singleX = event.value
        case (EvemuEvent.absType, EvemuEvent.absY):
            singleY = event.value
        case (EvemuEvent.absType, EvemuEvent.absMTSlot):
            currentSlot = event.value
        case (EvemuEvent.absType, EvemuEvent.absMTTrackingId):
            if protocolKind == .anonymous {
                pending.trackingId = event.value
            } else {
                trackingId(event.value)
            }
        case (EvemuEvent.absType, EvemuEvent.absMTPositionX):
            if protocolKind == .anonymous {
                pending.x = event.value
            } else {
                var slot = slots[currentSlot] ?? freshSlot(currentSlot)
                slot.x = event.value
                slots[currentSlot] = slot
                latestX = event.value
            }
        case (EvemuEvent.absType, EvemuEvent.absMTTouchMajor) where protocolKind == .slots:
            var slot = slots[currentSlot] ?? freshSlot(currentSlot)
            slot.major = event.value
            slots[currentSlot] = slot
        case (EvemuEvent.absType, EvemuEvent.absMTTouchMinor) where protocolKind == .slots:
            var slot = slots[currentSlot] ?? freshSlot(currentSlot)
            slot.minor = event.value
            slots[currentSlot] = slot
        case (EvemuEvent.absType, EvemuEvent.absMTOrientation) where protocolKind == .slots:
            var slot = slots[currentSlot] ?? freshSlot(currentSlot)
            slot.orientation = event.value
            slots[currentSlot] = slot
        case (EvemuEvent.absType, EvemuEvent.absMTPositionY):
            if protocolKind == .anonymous {
                pending.y = event.value
            } else {
                var slot = slots[currentSlot] ?? freshSlot(currentSlot)
                slot.y = event.value
                slots[currentSlot] = slot
                latestY = event.value
            }
        default:
            break
        }
    }

    private var singlePoint: PanelPoint { scale.point(x: singleX, y: singleY, singleTouch: true) }

    private func slotPoint(_ index: Int) -> PanelPoint {
        let slot = slots[index] ?? freshSlot(index)
        return scale.point(x: slot.x, y: slot.y)
    }

    /// A slot's ellipse in mm (`PositionScale.shape`), where the device reports `ABS_MT_TOUCH_MAJOR`.
    private func slotShape(_ index: Int) -> ContactShape {
        guard let slot = slots[index], let major = slot.major else { return .unknown }
        return scale.shape(major: major, minor: slot.minor ?? major, orientation: slot.orientation)
    }

    /// What a live device holds now, read back after the kernel dropped events (`EvdevState`).
    struct DeviceState: Sendable {
        struct SlotState: Sendable {
            var trackingId: Int
            var x: Int
            var y: Int
            var major: Int?
            var minor: Int?
            var orientation: Int?
        }
        var slots: [Int: SlotState] = [:]
        var currentSlot = 0
        var touching = false
        var singleX = 0
        var singleY = 0
    }

    /// Takes the device's state as the truth after a `SYN_DROPPED`, as libevdev does: touches that
    /// are still down continue, fingers that came down meanwhile begin, and touches that vanished
    /// are forgotten without an `up` (nobody knows where or how they left). Returns true when one
    /// vanished: the owner then cancels every touch downstream, and the survivors begin again. A
    /// protocol A device sends whole frames: its next complete one says who is down. The caller
    /// ends the resync with a `SYN_REPORT`.
    mutating func resync(to state: DeviceState) -> Bool {
        var vanished = false
        switch protocolKind {
        case .slots:
            for (index, reported) in state.slots.sorted(by: { $0.key < $1.key }) {
                var slot = slots[index] ?? freshSlot(index)
                slot.x = reported.x
                slot.y = reported.y
                slot.major = reported.major ?? slot.major
                slot.minor = reported.minor ?? slot.minor
                slot.orientation = reported.orientation ?? slot.orientation
                if reported.trackingId != slot.trackingId {
                    if book.isLive(index) {
                        book.forget(index)
                        vanished = true
                    }
                    slots[index] = slot
                    if reported.trackingId >= 0 { book.begin(index, at: slotPoint(index)) }
                    slot.trackingId = reported.trackingId
                }
                slots[index] = slot
            }
            currentSlot = state.currentSlot
        case .singleTouch:
            singleX = state.singleX
            singleY = state.singleY
            if touching && !state.touching {
                book.forget(0)
                vanished = true
            } else if !touching && state.touching {
                book.begin(0, at: singlePoint)
            }
            touching = state.touching
        case .anonymous:
            frameCutShort = true
        }
        if vanished { book.restartAll() }
        return vanished
    }

    /// Protocol B: the current slot's tracking id changes.
    private mutating func trackingId(_ value: Int) {
        var slot = slots[currentSlot] ?? freshSlot(currentSlot)
        if value < 0 {
            book.end(currentSlot, at: slotPoint(currentSlot))
            slot.trackingId = -1
        } else if value != slot.trackingId {
            // A new id: a new touch, which ends the slot's old one if it had not lifted.
            book.begin(currentSlot, at: slotPoint(currentSlot))
            slot.trackingId = value
        }
        slots[currentSlot] = slot
    }

    private mutating func report(at time: Microseconds) {
        switch protocolKind {
        case .slots:
            for key in book.liveKeys { book.move(key, to: slotPoint(key), shape: slotShape(key)) }
            book.report(at: time, into: &frames)
        case .singleTouch:
            if book.isLive(0) { book.move(0, to: singlePoint) }
            book.report(at: time, into: &frames)
        case .anonymous:
            reportProtocolA(at: time)
        }
        frameCutShort = false
    }

    private mutating func reportProtocolA(at time: Microseconds) {
        // A report may omit its last SYN_MT_REPORT.
        if pending.x != nil || pending.y != nil { reports.append(pending) }
        pending = AnonymousReport()
        defer { reports.removeAll(keepingCapacity: true) }
        guard !frameCutShort else { return }
        var anonymous: [ReportedContact] = []
        var listed = Set<Int>()
        for contact in reports {
            // One coordinate alone keeps the other from the report before.
            lastX = contact.x ?? lastX
            lastY = contact.y ?? lastY
            let point = scale.point(x: lastX, y: lastY)
            let hasPosition = contact.x != nil || contact.y != nil
            if let id = contact.trackingId {
                // A tracking id of -1 in protocol A lists no contact.
                guard id >= 0, listed.insert(id).inserted else { continue }
                if !book.isLive(id) {
                    book.begin(id, at: point)
                } else if hasPosition {
                    book.move(id, to: point)
                }
            } else if hasPosition {
                anonymous.append(ReportedContact(controllerId: nil, state: anonymousBefore == 0 ? .down : .move, position: point))
            }
        }
        // A contact missing from the frame has lifted.
        for key in book.liveKeys where !listed.contains(key) { book.end(key) }
        book.report(at: time, anonymous: anonymous, always: anonymousBefore > 0 || !anonymous.isEmpty, into: &frames)
        anonymousBefore = anonymous.count
    }
}
