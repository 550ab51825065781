/// Which controller ids one report has already used, to tell a duplicate from a lift and a new
/// touch with the same id (controllers that reuse an id at once list both in one report).
///
/// Per id a report may hold one lift (`up`) and one presence (`down` or `move`), in either order:
/// the lift ends the id's touch and the presence is the finger the id names now. Any further entry
/// with the id repeats one of those two and is a duplicate.
struct ContactIdLedger {
    private struct Entry {
        var id: UInt8
        var lifted: Bool
        var present: Bool
    }

    private var entries = InlineList<20, Entry>(filler: Entry(id: 0, lifted: false, present: false))

    /// Returns false when the contact is a duplicate the tracker must ignore.
    mutating func admit(_ id: UInt8, state: ContactState) -> Bool {
        let lift = state == .up
        for index in entries.indices where entries[index].id == id {
            if lift {
                guard !entries[index].lifted else { return false }
                entries[index].lifted = true
            } else {
                guard !entries[index].present else { return false }
                entries[index].present = true
            }
            return true
        }
        // A report holds at most 20 contacts, so the ledger cannot run out.
        entries.append(Entry(id: id, lifted: lift, present: !lift))
        return true
    }
}
