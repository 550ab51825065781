/// A set of the tracker's slots (0...31) as the bits of one word: the tracker walks its live slots
/// through it instead of looking at all twenty slots, about 100 bytes each, several times a report.
/// Walked lowest first with `removeFirst` (a `Sequence` would pull allocating machinery into the
/// Embedded `-no-allocations` build).
struct SlotMask: Equatable, Sendable {
    private(set) var bits: UInt32 = 0

    init() {}

    /// The slots 0..<count.
    init(first count: Int) {
        bits = count >= 32 ? UInt32.max : (UInt32(1) &<< UInt32(truncatingIfNeeded: count)) &- 1
    }

    private init(bits: UInt32) { self.bits = bits }

    var isEmpty: Bool { bits == 0 }
    var count: Int { bits.nonzeroBitCount }
    /// The lowest slot in the set; nil when it is empty.
    var first: Int? { bits == 0 ? nil : bits.trailingZeroBitCount }

    func contains(_ slot: Int) -> Bool { bits & Self.bit(slot) != 0 }

    mutating func insert(_ slot: Int) { bits |= Self.bit(slot) }

    mutating func remove(_ slot: Int) { bits &= ~Self.bit(slot) }

    /// Removes and returns the lowest slot; nil when the set is empty.
    mutating func removeFirst() -> Int? {
        guard bits != 0 else { return nil }
        let slot = bits.trailingZeroBitCount
        bits &= bits &- 1
        return slot
    }

    func subtracting(_ other: SlotMask) -> SlotMask { SlotMask(bits: bits & ~other.bits) }

    private static func bit(_ slot: Int) -> UInt32 {
        precondition(slot >= 0 && slot < 32, "slot outside a SlotMask")
        return UInt32(1) &<< UInt32(truncatingIfNeeded: slot)
    }
}
