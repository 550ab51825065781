/// What the host does with a contact its source judged a palm (contracts.md section 7).
public enum PalmPolicy: UInt8, Sendable {
    /// Not a touch: it starts no gesture, and `palmBegan`/`palmEnded` statuses say where and when.
    case suppress
    /// A touch like any other, flagged (`TrackedTouch.isPalm`, `"palm": true`); statuses too.
    case report
}

/// Takes palms out of contact frames before the tracker sees them, and tells when each came and
/// went. A contact id once flagged a palm stays one until it lifts, so a hand whose flag wavers
/// never turns into a touch half way. Contacts without ids are matched by distance.
public struct PalmGate: Sendable {
    @usableFromInline struct Palm: Sendable {
        @usableFromInline var controllerId: UInt8?
        @usableFromInline var position: PanelPoint
        @usableFromInline var seen: Bool

        @usableFromInline init(controllerId: UInt8?, position: PanelPoint) {
            self.controllerId = controllerId
            self.position = position
            seen = true
        }
    }

    /// Hands on a panel at once; a fifth palm is still suppressed, without its own statuses.
    @usableFromInline static let capacity = 4
    /// An anonymous palm contact within this distance of a known palm is that palm, mm.
    @usableFromInline static let anonymousReach: Float = 40

    @usableFromInline var palms = InlineList<4, Palm>(filler: Palm(controllerId: nil, position: .zero))

    public init() {}

    public var livePalmCount: Int { palms.count }

    /// True when `filter` would change nothing: no palm is down and the frame flags none. The
    /// pipeline then tracks the frame where it lies instead of copying it to filter. The frame is
    /// `inout` only to be read in place (a borrowed one was copied whole to be read).
    @inlinable
    public func passes(_ frame: inout ContactFrame) -> Bool {
        guard palms.isEmpty else { return false }
        let contacts = frame.contacts.elements
        for index in contacts.indices where contacts[index].isPalm { return false }
        return true
    }

    @inlinable
    public mutating func filter(_ frame: inout ContactFrame, policy: PalmPolicy, statuses: inout StatusList) {
        for index in palms.indices { palms[index].seen = false }
        var index = frame.contacts.count - 1
        while index >= 0 {
            let contact = frame.contacts[index]
            if let palm = palmIndex(of: contact) {
                palms[palm].seen = true
                palms[palm].position = contact.position
                if contact.state == .up {
                    end(palm, at: frame.timestamp, statuses: &statuses)
                }
                mark(&frame, index, policy: policy)
            } else if contact.isPalm {
                if contact.state != .up, palms.append(Palm(controllerId: contact.controllerId, position: contact.position)) {
                    statuses.append(
                        StatusEvent(kind: .palmBegan, timestamp: frame.timestamp, position: contact.position))
                }
                mark(&frame, index, policy: policy)
            }
            index -= 1
        }
        // A full frame lists every contact: a palm missing from it has lifted.
        guard frame.isFull && frame.droppedContacts == 0 else { return }
        var palm = palms.count - 1
        while palm >= 0 {
            if !palms[palm].seen { end(palm, at: frame.timestamp, statuses: &statuses) }
            palm -= 1
        }
    }

    /// The input ended or the link went away: every palm is over.
    @inlinable
    public mutating func endAll(at time: Microseconds, statuses: inout StatusList) {
        while !palms.isEmpty { end(palms.count - 1, at: time, statuses: &statuses) }
    }

    @inlinable
    mutating func mark(_ frame: inout ContactFrame, _ index: Int, policy: PalmPolicy) {
        switch policy {
        case .suppress: frame.contacts.remove(at: index)
        case .report: frame.contacts[index].isPalm = true
        }
    }

    @inlinable
    mutating func end(_ palm: Int, at time: Microseconds, statuses: inout StatusList) {
        statuses.append(
            StatusEvent(kind: .palmEnded, timestamp: time, position: palms[palm].position))
        palms.remove(at: palm)
    }

    @inlinable
    func palmIndex(of contact: ReportedContact) -> Int? {
        for index in palms.indices {
            if let id = contact.controllerId {
                if palms[index].controllerId == id { return index }
            } else if palms[index].controllerId == nil, contact.isPalm,
                palms[index].position.squaredDistance(to: contact.position) <= PalmGate.anonymousReach * PalmGate.anonymousReach
            {
                return index
            }
        }
        return nil
    }
}
