/// Sixteen bits per sensor node, the storage of `CountGrid` and `BaselineTracker`.
///
/// Held as bytes, not as 16-bit elements: the compiler copies a struct holding an `InlineArray`
/// of at most 4096 elements whenever it is passed or read by value, which put several 5 KiB
/// copies of the grid on the MCU's stack per scan; a larger array stays in place. Twice the
/// node count in bytes keeps even the kiosk-15 buffer (5382 bytes) above that line.
public struct NodeBuffer: Sendable {
    #if SENSOR_GRID_KIOSK15
    @usableFromInline var bytes: InlineArray<5382, UInt8>
    #else
    @usableFromInline var bytes: InlineArray<10752, UInt8>
    #endif

    @inlinable public init() { bytes = InlineArray(repeating: 0) }

    /// Node `index` of a buffer's bytes read in place (`bytes.span` of a buffer reached through
    /// `inout` or `mutating` self): for a reader of the whole grid, such as the heatmap encoder,
    /// where a closure reading the grid through the subscript gets a copy of all of it per node
    /// in a debug build.
    @inlinable public static func node(_ index: Int, in bytes: Span<UInt8>) -> UInt16 {
        let i = index &* 2
        return UInt16(bytes[i]) | UInt16(bytes[i &+ 1]) &<< 8
    }

    @inlinable public subscript(index: Int) -> UInt16 {
        // Reading through a span would need the buffer in memory, and a grid read by value (the
        // heatmap's row closure) would be copied to the stack for it; byte reads never copy.
        get {
            let i = index &* 2
            return UInt16(bytes[i]) | UInt16(bytes[i &+ 1]) &<< 8
        }
        // One 16-bit store with one bounds check (the Cortex-M4 allows it unaligned).
        set {
            var span = bytes.mutableSpan
            var raw = span.mutableBytes
            raw.storeBytes(of: newValue, toByteOffset: index &* 2, as: UInt16.self)
        }
    }
}
