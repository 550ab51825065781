/// Which controller ids one report has already used, to tell a duplicate from an up followed by a
/// new down with the same id (controllers that reuse ids at once do that within one report).
struct ContactIdLedger {
    private struct Entry {
        var id: UInt8
        var lastWasUp: Bool
    }

    private var entries = InlineList<20, Entry>(filler: Entry(id: 0, lastWasUp: false))

    /// Returns false when the contact is a duplicate the tracker must ignore.
    mutating func admit(_ id: UInt8, state: ContactState) -> Bool {
        for index in entries.indices where entries[index].id == id {
            // Only an up may be followed by a second entry, and only by a new down.
            guard entries[index].lastWasUp && state != .up else { return false }
            entries[index].lastWasUp = false
            return true
        }
        // A report holds at most 20 contacts, so the ledger cannot run out.
        entries.append(Entry(id: id, lastWasUp: state == .up))
        return true
    }
}
