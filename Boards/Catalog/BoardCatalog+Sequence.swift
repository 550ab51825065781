import Firmware

extension BoardCatalog {
    /// For hosts: `BoardCatalog.board(named: name.utf8)`. Generic over the byte sequence, so an
    /// Embedded build must not call it (iterating a generic Sequence allocates there); device code
    /// uses the StaticString or buffer overloads.
    public static func board<Bytes: Sequence>(named name: Bytes) -> BoardDefinition? where Bytes.Element == UInt8 {
        var bytes = InlineArray<32, UInt8>(repeating: 0)
        var count = 0
        for byte in name {
            if count == 32 { return nil }
            bytes[count] = byte
            count += 1
        }
        return withUnsafeBytes(of: &bytes) { raw in
            board(named: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }
}
