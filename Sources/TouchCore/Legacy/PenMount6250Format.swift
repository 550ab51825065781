/// PenMount 6250 packets: a header with the touch bit and a contact index, little-endian x and
/// y, and a checksum. Each packet describes one contact; nothing marks the end of a frame.
public enum PenMount6250Format: LegacyPacketFormat {
    public static let maxPacketLength = 6
    /// Bits 7, 5 and 4 of the header must read 0, 1, 1.
    static let headerMask: UInt8 = 0xB0
    static let headerPattern: UInt8 = 0x30
    static let touchBit: UInt8 = 0x40
    static let indexMask: UInt8 = 0x0F

    public static func inspect(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        guard bytes[0] & headerMask == headerPattern else { return .notAPacket }
        guard bytes.count >= maxPacketLength else { return .needMore }
        guard checksum(of: bytes) == bytes[5] else { return .badChecksum }
        let sample = LegacySample(
            contactIndex: bytes[0] & indexMask,
            isTouching: bytes[0] & touchBit != 0,
            x: bytes.littleEndian(at: 1),
            y: bytes.littleEndian(at: 3))
        return .contact(length: maxPacketLength, sample)
    }

    /// The bitwise complement of the low byte of the sum of the first five bytes.
    public static func checksum(of bytes: LegacyPacketBytes) -> UInt8 {
        var sum: UInt8 = 0
        for index in 0..<5 { sum &+= bytes[index] }
        return ~sum
    }
}
