import TouchCore

/// Gives peaks contact ids across scans, as a controller does: each live contact takes the nearest
/// peak (closest pairs first), a contact without a peak lifts and is reported once as `up`, and a
/// strong peak nobody claimed becomes a new contact once the debouncer has seen it long enough.
/// Ids freed by a lift become available from the next scan, so one scan never shows the same id
/// both lifting and landing.
public struct ContactTracker: Sendable {
    private struct Contact {
        var id: UInt8
        var position: PanelPoint
        var delta: Int16
        var isNew: Bool
        var shape: WireShape
        var averageShape = ShapeAverage()
    }

    private static let noContact = Contact(id: 0, position: .zero, delta: 0, isNew: false, shape: .unknown)

    private var contacts: InlineList<20, Contact>
    private var ids: ContactIdAllocator
    private var debouncer = TouchDebouncer()
    private let board: BoardDefinition

    public init(board: BoardDefinition) {
        self.board = board
        contacts = InlineList(filler: ContactTracker.noContact)
        ids = ContactIdAllocator(capacity: board.maxContacts, policy: board.idPolicy)
    }

    public var liveCount: Int { contacts.count }
    /// Touches seen but not yet confirmed by the debouncer.
    public var pendingCount: Int { debouncer.pendingCount }

    /// Forgets every contact without reporting lifts, as a controller does when it resets.
    public mutating func reset() {
        contacts.removeAll()
        ids.releaseAll()
        debouncer.reset()
    }

    /// `peaks` is `consuming`: read element by element, a borrowed list parameter was copied whole
    /// (388 bytes) at every access in the Embedded build; an owned one is read in place.
    public mutating func update(_ peaks: consuming LocatedPeakList, settings: ScanSettings, result: inout ScanResult) {
        update(peaks, settings: settings, noise: NoiseVerdict(settings: settings), result: &result)
    }

    /// On a noisy scan (`NoiseGate`) contacts without a peak coast instead of lifting and nothing
    /// new is confirmed; the verdict's touch-on threshold gates new touches.
    public mutating func update(
        _ peaks: consuming LocatedPeakList, settings: ScanSettings, noise: NoiseVerdict, result: inout ScanResult
    ) {
        var matchedContacts: UInt32 = 0
        var claimedPeaks: UInt32 = 0
        let maxJumpSquared = settings.maxContactJump * settings.maxContactJump
        // Closest pairs first: each round takes the closest free (contact, peak) pair, the last
        // one in (contact, peak) order among equals. Each contact remembers its nearest free peak,
        // so a round looks at the contacts only, and a contact looks at the peaks again only when
        // its nearest one was taken.
        var nearestPeak = InlineArray<20, Int8>(repeating: -1)
        var nearestDistance = InlineArray<20, Float>(repeating: 0)
        for c in contacts.indices {
            (nearestPeak[c], nearestDistance[c]) = Self.nearest(
                to: contacts[c].position, among: &peaks, claimed: claimedPeaks, within: maxJumpSquared)
        }
        while true {
            var bestContact = -1
            var bestDistance = maxJumpSquared
            for c in contacts.indices where matchedContacts & (1 << UInt32(c)) == 0 && nearestPeak[c] >= 0 {
                if nearestDistance[c] <= bestDistance {
                    bestDistance = nearestDistance[c]
                    bestContact = c
                }
            }
            if bestContact < 0 { break }
            let bestPeak = Int(nearestPeak[bestContact])
            matchedContacts |= 1 << UInt32(bestContact)
            claimedPeaks |= 1 << UInt32(bestPeak)
            contacts[bestContact].position = peaks[bestPeak].position
            contacts[bestContact].delta = peaks[bestPeak].delta
            contacts[bestContact].isNew = false
            // Once a palm, a palm until it lifts: a hand landing or leaving must not pass for fingers.
            let wasPalm = contacts[bestContact].shape.isPalm
            contacts[bestContact].shape = contacts[bestContact].averageShape.add(peaks[bestPeak].shape)
            if wasPalm { contacts[bestContact].shape.flags |= WireShape.palmFlag }
            for c in contacts.indices where matchedContacts & (1 << UInt32(c)) == 0 && Int(nearestPeak[c]) == bestPeak {
                (nearestPeak[c], nearestDistance[c]) = Self.nearest(
                    to: contacts[c].position, among: &peaks, claimed: claimedPeaks, within: maxJumpSquared)
            }
        }

        var lifted = InlineList<20, Contact>(filler: ContactTracker.noContact)
        var index = contacts.count - 1
        while index >= 0 {
            if matchedContacts & (1 << UInt32(index)) == 0 && noise.isNoisy {
                contacts[index].isNew = false
            } else if matchedContacts & (1 << UInt32(index)) == 0 {
                lifted.append(contacts[index])
                contacts.remove(at: index)
            }
            index -= 1
        }

        var strong = LocatedPeakList(filler: .placeholder)
        for p in peaks.indices where claimedPeaks & (1 << UInt32(p)) == 0 {
            if peaks[p].delta >= noise.touchOnThreshold { strong.append(peaks[p]) }
        }
        var confirmed = LocatedPeakList(filler: .placeholder)
        // Noisy evidence neither confirms nor forgets a candidate: the debouncer skips the scan.
        if !noise.isNoisy {
            debouncer.confirm(strong, requiredScans: settings.debounceFrames, radius: settings.candidateRadius, into: &confirmed)
        }
        for p in confirmed.indices {
            guard let id = ids.allocate() else {
                result.droppedContacts += 1
                continue
            }
            var contact = Contact(
                id: id, position: confirmed[p].position, delta: confirmed[p].delta, isNew: true, shape: confirmed[p].shape)
            contact.shape = contact.averageShape.add(confirmed[p].shape)
            contacts.append(contact)
        }
        for l in lifted.indices { ids.release(lifted[l].id) }

        emit(lifted: lifted, into: &result)
    }

    /// The nearest unclaimed peak within `limit` (squared mm), the last one among equals, or -1.
    /// `peaks` is `inout` only to be read in place (a borrowed list was copied per element).
    private static func nearest(
        to position: PanelPoint, among peaks: inout LocatedPeakList, claimed: UInt32, within limit: Float
    ) -> (peak: Int8, distance: Float) {
        var best = -1
        var bestDistance = limit
        for p in peaks.indices where claimed & (1 << UInt32(p)) == 0 {
            let distance = position.squaredDistance(to: peaks[p].position)
            if distance <= bestDistance {
                bestDistance = distance
                best = p
            }
        }
        return (Int8(truncatingIfNeeded: best), bestDistance)
    }

    /// `mutating` only to read the contacts in place: read through a borrowed self, the list
    /// was copied whole (320 bytes) for every element.
    private mutating func emit(lifted: consuming InlineList<20, Contact>, into result: inout ScanResult) {
        for id in 0..<board.maxContacts {
            for c in contacts.indices where Int(contacts[c].id) == id {
                result.contacts.append(scanContact(contacts[c], state: contacts[c].isNew ? .down : .move))
            }
            for l in lifted.indices where Int(lifted[l].id) == id {
                result.contacts.append(scanContact(lifted[l], state: .up))
            }
        }
    }

    private func scanContact(_ contact: Contact, state: ContactState) -> ScanContact {
        ScanContact(
            id: contact.id, state: state, x: board.deviceX(millimetres: contact.position.x),
            y: board.deviceY(millimetres: contact.position.y), amplitude: UInt16(max(0, contact.delta)),
            shape: contact.shape)
    }
}
