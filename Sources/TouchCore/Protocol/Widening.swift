// On 32-bit targets every generic integer conversion into a 64-bit type (`UInt64(x)`, `Int64(x)`,
// `UInt64(truncatingIfNeeded: x)`) goes through `words`, an Array, which `-no-allocations` rejects.
// These go through a single machine word instead.

extension UInt64 {
    @inlinable public init(widening value: UInt32) { self.init(_truncatingBits: UInt(value)) }
}

extension Int64 {
    @inlinable public init(widening value: UInt32) { self.init(_truncatingBits: UInt(value)) }

    @inlinable public init(widening value: Int) {
        if value >= 0 {
            self.init(_truncatingBits: UInt(bitPattern: value))
        } else {
            self = -Int64(_truncatingBits: UInt(bitPattern: 0 &- value))
        }
    }

    @inlinable public init(widening value: Int32) { self.init(widening: Int(truncatingIfNeeded: value)) }
}
