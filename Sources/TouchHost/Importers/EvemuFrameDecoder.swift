import TouchCore

/// Turns evdev events into contact frames, one per `SYN_REPORT` that has contacts or lifts.
struct EvemuFrameDecoder {
    private struct Slot {
        var trackingId = -1
        var x = 0
        var y = 0
        var isNew = false
        var replacedLift = false
        /// Where the replaced touch was, since the new one's position follows its tracking id.
        var replacedX = 0
        var replacedY = 0
        var lifting = false
    }

    let scale: PositionScale
    let protocolKind: EvemuImporter.ProtocolKind
    private(set) var frames: [ContactFrame] = []

    private var firstTime: Int64?
    private var dropping = false
    // Protocol B
    private var slots: [Int: Slot] = [:]
    private var currentSlot = 0
    // Protocol A
    private var pendingX: Int?
    private var pendingY: Int?
    private var lastX = 0
    private var lastY = 0
    private var anonymous: [PanelPoint] = []
    private var previousAnonymousCount = 0
    // Single touch
    private var touching = false
    private var wasTouching = false
    private var singleX = 0
    private var singleY = 0

    init(scale: PositionScale, protocolKind: EvemuImporter.ProtocolKind) {
        self.scale = scale
        self.protocolKind = protocolKind
    }

    mutating func consume(_ event: EvemuEvent) {
        let start = firstTime ?? event.time
        firstTime = start
        let time = event.time - start
        if event.type == EvemuEvent.synType {
            switch event.code {
            case EvemuEvent.synDropped:
                // The kernel lost events: what follows up to the next report is incomplete.
                dropping = true
            case EvemuEvent.synReport:
                if dropping {
                    dropping = false
                } else {
                    emit(at: time)
                }
            case EvemuEvent.synMTReport where !dropping:
                // A report without a position is an empty one; one coordinate alone keeps the other.
                if pendingX != nil || pendingY != nil {
                    lastX = pendingX ?? lastX
                    lastY = pendingY ?? lastY
                    anonymous.append(scale.point(x: lastX, y: lastY))
                }
                pendingX = nil
                pendingY = nil
            default:
                break
            }
            return
        }
        guard !dropping else { return }
        switch (event.type, event.code) {
        case (EvemuEvent.keyType, EvemuEvent.btnTouch):
            touching = event.value != 0
        case (EvemuEvent.absType, EvemuEvent.absX):
            singleX = event.value
        case (EvemuEvent.absType, EvemuEvent.absY):
            singleY = event.value
        case (EvemuEvent.absType, EvemuEvent.absMTSlot):
            currentSlot = event.value
        case (EvemuEvent.absType, EvemuEvent.absMTTrackingId):
            var slot = slots[currentSlot] ?? Slot()
            if event.value < 0 {
                if slot.trackingId >= 0 { slot.lifting = true }
            } else if event.value != slot.trackingId {
                if slot.trackingId >= 0 && !slot.lifting {
                    slot.replacedLift = true
                    slot.replacedX = slot.x
                    slot.replacedY = slot.y
                }
                slot.trackingId = event.value
                slot.isNew = true
                slot.lifting = false
            }
            slots[currentSlot] = slot
        case (EvemuEvent.absType, EvemuEvent.absMTPositionX):
            pendingX = event.value
            slots[currentSlot, default: Slot()].x = event.value
        case (EvemuEvent.absType, EvemuEvent.absMTPositionY):
            pendingY = event.value
            slots[currentSlot, default: Slot()].y = event.value
        default:
            break
        }
    }

    private mutating func emit(at time: Int64) {
        switch protocolKind {
        case .slots: emitSlots(at: time)
        case .anonymous: emitAnonymous(at: time)
        case .singleTouch: emitSingle(at: time)
        }
    }

    private mutating func emitSlots(at time: Int64) {
        let order = slots.keys.sorted()
        // A slot whose tracking id changed without a lift: the old touch ends in a frame of its own.
        if order.contains(where: { slots[$0]!.replacedLift }) {
            var frame = ContactFrame(timestamp: time)
            for index in order {
                let slot = slots[index]!
                guard slot.trackingId >= 0, !slot.isNew || slot.replacedLift else { continue }
                if slot.replacedLift {
                    frame.add(
                        ReportedContact(
                            controllerId: UInt8(truncatingIfNeeded: index), state: .up,
                            position: scale.point(x: slot.replacedX, y: slot.replacedY)))
                } else {
                    frame.add(contact(slot: index, .move, slot))
                }
                slots[index]!.replacedLift = false
            }
            frames.append(frame)
        }
        var frame = ContactFrame(timestamp: time)
        for index in order {
            var slot = slots[index]!
            guard slot.trackingId >= 0 else { continue }
            if slot.lifting {
                // A touch that began and lifted within one report still lifts; it never showed.
                if !slot.isNew { frame.add(contact(slot: index, .up, slot)) }
                slot.trackingId = -1
                slot.lifting = false
            } else {
                frame.add(contact(slot: index, slot.isNew ? .down : .move, slot))
            }
            slot.isNew = false
            slots[index] = slot
        }
        if !frame.contacts.isEmpty || frame.droppedContacts > 0 { frames.append(frame) }
    }

    private func contact(slot index: Int, _ state: ContactState, _ slot: Slot) -> ReportedContact {
        ReportedContact(controllerId: UInt8(truncatingIfNeeded: index), state: state, position: scale.point(x: slot.x, y: slot.y))
    }

    private mutating func emitAnonymous(at time: Int64) {
        defer {
            previousAnonymousCount = anonymous.count
            anonymous.removeAll(keepingCapacity: true)
        }
        // An empty report after contacts is the lift of all of them.
        guard !anonymous.isEmpty || previousAnonymousCount > 0 else { return }
        var frame = ContactFrame(timestamp: time)
        for point in anonymous {
            frame.add(ReportedContact(controllerId: nil, state: previousAnonymousCount == 0 ? .down : .move, position: point))
        }
        frames.append(frame)
    }

    private mutating func emitSingle(at time: Int64) {
        defer { wasTouching = touching }
        guard touching || wasTouching else { return }
        var frame = ContactFrame(timestamp: time)
        let state: ContactState = !touching ? .up : (wasTouching ? .move : .down)
        frame.add(ReportedContact(controllerId: 0, state: state, position: scale.point(x: singleX, y: singleY, singleTouch: true)))
        frames.append(frame)
    }
}
