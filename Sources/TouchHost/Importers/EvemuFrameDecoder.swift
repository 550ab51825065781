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

    init(scale: PositionScale, protocolKind: EvemuImporter.ProtocolKind, events: [EvemuEvent]) {
        self.scale = scale
        self.protocolKind = protocolKind
        var slot = 0
        var firstSingleX: Int?
        var firstSingleY: Int?
        for event in events where event.type == EvemuEvent.absType {
            switch event.code {
            case EvemuEvent.absMTSlot: slot = event.value
            case EvemuEvent.absMTPositionX where firstSlotX[slot] == nil: firstSlotX[slot] = event.value
            case EvemuEvent.absMTPositionY where firstSlotY[slot] == nil: firstSlotY[slot] = event.value
            case EvemuEvent.absX where firstSingleX == nil: firstSingleX = event.value
            case EvemuEvent.absY where firstSingleY == nil: firstSingleY = event.value
            default: break
            }
        }
        singleX = firstSingleX ?? 0
        singleY = firstSingleY ?? 0
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
