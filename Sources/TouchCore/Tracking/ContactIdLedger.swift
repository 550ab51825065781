/// Which controller ids one report has already used, to tell a duplicate from a lift and a new
/// touch with the same id (controllers that reuse an id at once list both in one report).
///
/// Per id a report may hold one lift (`up`) and one presence (`down` or `move`), in either order:
/// the lift ends the id's touch and the presence is the finger the id names now. Any further entry
/// with the id repeats one of those two and is a duplicate.
///
/// A bit per id and kind: one look per contact, where a list of the ids seen was searched for
/// each contact of the report.
struct ContactIdLedger {
    private var lifted = InlineArray<8, UInt32>(repeating: 0)
    private var present = InlineArray<8, UInt32>(repeating: 0)

    /// Returns false when the contact is a duplicate the tracker must ignore.
    mutating func admit(_ id: UInt8, state: ContactState) -> Bool {
        let word = Int(id &>> 5)
        let bit = UInt32(1) &<< UInt32(id & 31)
        if state == .up {
            guard lifted[word] & bit == 0 else { return false }
            lifted[word] |= bit
        } else {
            guard present[word] & bit == 0 else { return false }
            present[word] |= bit
        }
        return true
    }
}
