extension Int64 {
    /// Widens an Int without the generic `Int64(_:)` initializer, which on a 32-bit Embedded
    /// target goes through `words` and allocates under -no-allocations.
    @inline(__always)
    public init(widening value: Int) {
        if value >= 0 {
            self = Int64(_truncatingBits: UInt(bitPattern: value))
        } else {
            self = -Int64(_truncatingBits: UInt(bitPattern: 0 &- value))
        }
    }
}
