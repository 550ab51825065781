/// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor).
/// A byte at a time without a table: for this polynomial the eight bitwise steps reduce to a few
/// shifts and xors (the same values in a quarter of the instructions; the host decodes every byte
/// through it), and no 512-byte table takes flash.
public struct CRC16: Sendable {
    public private(set) var value: UInt16 = 0xFFFF

    public init() {}

    @inline(__always)
    public mutating func update(_ byte: UInt8) {
        var x = UInt8(truncatingIfNeeded: value &>> 8) ^ byte
        x ^= x &>> 4
        let wide = UInt16(x)
        value = (value &<< 8) ^ (wide &<< 12) ^ (wide &<< 5) ^ wide
    }

    /// The CRC of `count` bytes of `frame` from its start.
    public static func checksum(of frame: FrameBuffer, count: Int) -> UInt16 {
        checksum(of: frame.elements.extracting(0..<count))
    }

    public static func checksum(of bytes: Span<UInt8>) -> UInt16 {
        var crc = CRC16()
        for index in bytes.indices { crc.update(bytes[index]) }
        return crc.value
    }
}
