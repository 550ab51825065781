import TouchCore

/// Hands out contact ids below the board's capacity according to its id policy.
public struct ContactIdAllocator: Sendable {
    public let capacity: Int
    public let policy: ContactIdPolicy
    /// Bit n set: id n is in use.
    private var inUse: UInt32 = 0
    private var lastIssued: Int = -1

    public init(capacity: Int, policy: ContactIdPolicy) {
        precondition(capacity >= 1 && capacity <= 32)
        self.capacity = capacity
        self.policy = policy
    }

    public func isInUse(_ id: UInt8) -> Bool { Int(id) < capacity && inUse & (1 << UInt32(id)) != 0 }

    public mutating func allocate() -> UInt8? {
        let start = policy == .lowestFree ? 0 : lastIssued + 1
        for step in 0..<capacity {
            let id = (start + step) % capacity
            if inUse & (1 << UInt32(id)) == 0 {
                inUse |= 1 << UInt32(id)
                lastIssued = id
                return UInt8(id)
            }
        }
        return nil
    }

    public mutating func release(_ id: UInt8) {
        if Int(id) < capacity { inUse &= ~(1 << UInt32(id)) }
    }

    public mutating func releaseAll() {
        inUse = 0
        lastIssued = -1
    }
}
