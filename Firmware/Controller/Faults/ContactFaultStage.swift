import TouchCore

/// Makes the controller's reports wrong the ways real controllers get them wrong, for the host's
/// fault tests: lifts that are never reported, an id handed to a new touch while the old touch
/// never lifted, the same contact twice in one report. Rates are per mille per report, drawn from
/// their own seeded stream so the panel's noise stays the same with and without faults.
public struct ContactFaultStage: Sendable {
    public var lostLifts: UInt16 = 0
    public var idReuse: UInt16 = 0
    public var duplicateContacts: UInt16 = 0

    private var random: Xorshift32
    /// Report ids through a permutation: id reuse swaps two entries, so the reported ids never
    /// collide with each other whatever the pipeline hands out later.
    private var wireId: InlineArray<32, UInt8>
    /// A pipeline id whose lift was swallowed, waiting for the next new touch to take its id.
    private var pendingReuse: UInt8?

    public init(seed: UInt32 = 0) {
        random = Xorshift32(seed32: seed)
        wireId = InlineArray(repeating: 0)
        for id in 0..<32 { wireId[id] = UInt8(id) }
    }

    public var isActive: Bool { lostLifts > 0 || idReuse > 0 || duplicateContacts > 0 }

    public mutating func configure(seed: UInt32, lostLifts: UInt16, idReuse: UInt16, duplicateContacts: UInt16) {
        self = ContactFaultStage(seed: seed)
        self.lostLifts = lostLifts
        self.idReuse = idReuse
        self.duplicateContacts = duplicateContacts
    }

    /// Rewrites one scan's contacts in place.
    public mutating func apply(to result: inout ScanResult) {
        guard isActive || pendingReuse != nil else { return }
        var faulty = ScanResult.Contacts(filler: .placeholder)
        for i in result.contacts.indices {
            var contact = result.contacts[i]
            switch contact.state {
            case .up:
                if perMille(lostLifts) { continue }
                if pendingReuse == nil && perMille(idReuse) {
                    pendingReuse = contact.id
                    continue
                }
            case .down:
                if let lifted = pendingReuse, lifted != contact.id {
                    let swapped = wireId[Int(lifted)]
                    wireId[Int(lifted)] = wireId[Int(contact.id)]
                    wireId[Int(contact.id)] = swapped
                    pendingReuse = nil
                }
            case .move:
                break
            }
            contact.id = wireId[Int(contact.id) & 31]
            faulty.append(contact)
        }
        if !faulty.isEmpty && perMille(duplicateContacts) {
            let copy = faulty[Int(random.next() % UInt32(faulty.count))]
            faulty.append(copy)
        }
        result.contacts = faulty
    }

    private mutating func perMille(_ rate: UInt16) -> Bool {
        rate > 0 && random.next() % 1000 < UInt32(rate)
    }
}
