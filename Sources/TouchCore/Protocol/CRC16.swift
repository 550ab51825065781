/// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor).
/// Bitwise rather than table-driven: a 512-byte table costs more flash than the few cycles it saves
/// on frames of at most 260 bytes.
public struct CRC16: Sendable {
    public private(set) var value: UInt16 = 0xFFFF

    public init() {}

    public mutating func update(_ byte: UInt8) {
        value ^= UInt16(byte) &<< 8
        for _ in 0..<8 {
            value = value & 0x8000 != 0 ? (value &<< 1) ^ 0x1021 : value &<< 1
        }
    }

    /// The CRC of `count` bytes of `frame` from its start.
    public static func checksum(of frame: FrameBuffer, count: Int) -> UInt16 {
        var crc = CRC16()
        for index in 0..<count { crc.update(frame[index]) }
        return crc.value
    }
}
