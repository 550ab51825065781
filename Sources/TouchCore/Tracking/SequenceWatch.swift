/// Reads report sequence numbers: in order, some lost, or a restart of the controller.
/// Arithmetic stays in 32 bits: widening to 64 bits costs the Embedded build an allocation.
struct SequenceWatch: Sendable {
    enum Verdict: Equatable {
        case inOrder
        case lost(UInt32)
        case restarted
    }

    /// A number at or below this that does not follow the last one closely is a fresh count.
    static let restartWindow: UInt32 = 16

    private let mask: UInt32
    private var last: UInt32?

    init(bits: Int) {
        mask = bits >= 32 ? UInt32.max : (UInt32(1) &<< UInt32(truncatingIfNeeded: bits)) &- 1
    }

    mutating func observe(_ sequence: UInt32?) -> Verdict {
        // Frames without a number say nothing about loss; keep the last number for the next one.
        guard let sequence else { return .inOrder }
        let current = sequence & mask
        defer { last = current }
        guard let last else { return .inOrder }
        let step = (current &- last) & mask
        // A repeated number is a retransmission, not news.
        if step <= 1 { return .inOrder }
        // Going backwards cannot be loss; and a small number far from a wrap means the counter started over.
        if step > mask / 2 { return .restarted }
        if current <= Self.restartWindow && step > Self.restartWindow { return .restarted }
        return .lost(step - 1)
    }

    /// After a disconnect or reset the next number starts a new count.
    mutating func forget() {
        last = nil
    }
}
