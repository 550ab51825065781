/// Elo SmartSet 10-byte packets: a 'U' lead byte, a packet type, six data bytes, a pressure
/// pair and a checksum. See docs/protocols.md for the layout and its sources.
public enum EloSmartSetFormat: LegacyPacketFormat {
    public static let maxPacketLength = 10
    static let leadByte: UInt8 = 0x55  // 'U'
    static let touchPacket: UInt8 = 0x54  // 'T'
    static let checksumSeed: UInt8 = 0xAA
    /// Status bits: initial touch (0x01) and stream (0x02) mean a finger is down; untouch is 0x04.
    static let touchingBits: UInt8 = 0x03
    static let pressureValidBit: UInt8 = 0x80

    public static func inspect(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        guard bytes[0] == leadByte else { return .notAPacket }
        guard bytes.count >= maxPacketLength else { return .needMore }
        guard checksum(of: bytes) == bytes[9] else { return .badChecksum }
        guard bytes[1] == touchPacket else { return .other(length: maxPacketLength) }
        let status = bytes[2]
        let sample = LegacySample(
            isTouching: status & touchingBits != 0,
            x: bytes.littleEndian(at: 3),
            y: bytes.littleEndian(at: 5),
            pressure: status & pressureValidBit != 0 ? bytes.littleEndian(at: 7) : 0)
        return .contact(length: maxPacketLength, sample)
    }

    /// Seed plus the sum of the first nine bytes, modulo 256.
    public static func checksum(of bytes: LegacyPacketBytes) -> UInt8 {
        var sum = checksumSeed
        for index in 0..<9 { sum &+= bytes[index] }
        return sum
    }
}
