/// Turns legacy samples into tracker input in millimetres.
///
/// Single-touch protocols describe the whole panel in every packet, so each sample becomes a
/// full frame with controller id 0. PenMount 6250 describes one contact per packet and never
/// says when a round of contacts is complete, so each of its samples becomes a partial frame
/// (`isFull == false`) carrying that contact under its index; the tracker leaves the others as
/// they are. A lift is an untouch packet for the contact; because such a packet can be lost, a
/// contact that sends nothing for `liftTimeout` is also lifted, at its last position.
public struct LegacyFrameAssembler: Sendable {
    public let packetProtocol: LegacyProtocol
    public var range: LegacyCoordinateRange
    /// Panel width (x) and height (y) in mm.
    public var panelSize: PanelPoint
    /// Silence after which a touching contact counts as lifted; nil trusts untouch packets alone
    /// (for controllers that stop reporting a finger that does not move).
    public var liftTimeout: Microseconds?

    private var contacts = InlineArray<16, LiveContact>(repeating: LiveContact())

    public init(protocol packetProtocol: LegacyProtocol, panelSize: PanelPoint,
                range: LegacyCoordinateRange? = nil, liftTimeout: Microseconds? = 250_000) {
        self.packetProtocol = packetProtocol
        self.panelSize = panelSize
        self.range = range ?? packetProtocol.defaultRange
        self.liftTimeout = liftTimeout
    }

    /// The frame `sample` adds, or nil when it changes nothing (an untouch for a contact that
    /// is already up).
    public mutating func frame(for sample: LegacySample) -> ContactFrame? {
        let multiTouch = packetProtocol.isMultiTouch
        var frame = ContactFrame(timestamp: sample.timestamp, isFull: !multiTouch)
        let slot = multiTouch ? Int(sample.contactIndex ?? 0) & 0x0F : 0
        if multiTouch { liftStale(at: sample.timestamp, except: slot, into: &frame) }

        let controllerId = UInt8(slot)
        if sample.isTouching {
            let position = range.position(x: sample.x, y: sample.y, panelSize: panelSize)
            let state: ContactState = contacts[slot].isTouching ? .move : .down
            contacts[slot] = LiveContact(isTouching: true, position: position, lastSeen: sample.timestamp)
            frame.add(ReportedContact(controllerId: controllerId, state: state, position: position,
                                      amplitude: sample.pressure))
        } else if contacts[slot].isTouching {
            // The last touching position, not the untouch packet's: some controllers send
            // stale or zero coordinates with the lift.
            frame.add(ReportedContact(controllerId: controllerId, state: .up,
                                      position: contacts[slot].position, amplitude: sample.pressure))
            contacts[slot].isTouching = false
        }
        return frame.contacts.isEmpty ? nil : frame
    }

    /// Lifts contacts silent for longer than `liftTimeout` by `time`; call it when no bytes
    /// arrive. Returns nil when nothing lifted.
    public mutating func expireStaleContacts(at time: Microseconds) -> ContactFrame? {
        var frame = ContactFrame(timestamp: time, isFull: !packetProtocol.isMultiTouch)
        liftStale(at: time, except: nil, into: &frame)
        return frame.contacts.isEmpty ? nil : frame
    }

    /// Whether contact `index` is currently down.
    public func isTouching(_ index: Int) -> Bool {
        index >= 0 && index < 16 && contacts[index].isTouching
    }

    private mutating func liftStale(at time: Microseconds, except kept: Int?, into frame: inout ContactFrame) {
        guard let liftTimeout else { return }
        for slot in 0..<packetProtocol.contactCapacity where slot != kept {
            guard contacts[slot].isTouching, time - contacts[slot].lastSeen > liftTimeout else { continue }
            frame.add(ReportedContact(controllerId: UInt8(slot), state: .up, position: contacts[slot].position))
            contacts[slot].isTouching = false
        }
    }
}

private struct LiveContact: Sendable {
    var isTouching = false
    var position = PanelPoint.zero
    var lastSeen: Microseconds = 0
}
