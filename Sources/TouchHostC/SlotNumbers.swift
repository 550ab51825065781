/// The numbers a context hands out for its recognizers or regions (th_recognizer, th_region). A
/// number is the engine's slot plus 256 times the slot's generation, which grows each time the
/// slot is emptied: a number kept after its recognizer or region was removed stays refused
/// (TH_ERR_NOT_FOUND) even once an add fills the slot again, and a context that never removes
/// anything numbers its slots 0, 1, 2... as before 0.3.
struct SlotNumbers {
    private var generations: [Int32] = []
    private var vacant: [Bool] = []

    /// The number of a slot now (a slot never seen is in its first generation).
    func number(of slot: Int) -> Int32 {
        Int32(slot) | (slot < generations.count ? generations[slot] : 0) << 8
    }

    /// A slot was filled (by an add, new or into a vacancy): its current number.
    mutating func fill(_ slot: Int) -> Int32 {
        while generations.count <= slot {
            generations.append(0)
            vacant.append(false)
        }
        vacant[slot] = false
        return number(of: slot)
    }

    /// A slot was emptied: its number is not valid any more.
    mutating func vacate(_ slot: Int) {
        guard slot < generations.count else { return }
        vacant[slot] = true
        generations[slot] &+= 1
        if generations[slot] > 0x7F_FFFF { generations[slot] = 1 }
    }

    /// The slot a number names, or why it names none.
    enum Lookup: Equatable {
        case slot(Int)
        /// Never handed out by this context.
        case unknown
        /// Handed out, then removed.
        case removed
    }

    func lookup(_ number: Int32) -> Lookup {
        guard number >= 0 else { return .unknown }
        let slot = Int(number & 0xFF), generation = number >> 8
        guard slot < generations.count, generation <= generations[slot] else { return .unknown }
        guard generation == generations[slot], !vacant[slot] else { return .removed }
        return .slot(slot)
    }
}
