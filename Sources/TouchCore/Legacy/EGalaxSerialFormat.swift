/// EETI eGalax serial packets: a status byte with bit 7 set, then x and y as a high and a low
/// 7-bit group. Bits 1-2 of the status give the resolution (11 to 14 bits); bit 6 adds a sixth
/// byte; bit 0 is touch. No checksum: bit 7 marks the status byte only. Replies to diagnostic
/// queries (0x0A, a length, then that many bytes) share the line and are skipped.
public enum EGalaxSerialFormat: LegacyPacketFormat {
    public static let maxPacketLength = LegacyPacketBytes.capacity
    static let diagnosticStart: UInt8 = 0x0A
    static let syncBit: UInt8 = 0x80
    static let sixthByteBit: UInt8 = 0x40
    static let touchBit: UInt8 = 0x01
    /// Every resolution is scaled to this many bits so one coordinate range fits all.
    public static let normalizedBits = 14

    public static func inspect(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        let status = bytes[0]
        if status == diagnosticStart { return inspectDiagnostic(bytes) }
        guard status & syncBit != 0 else { return .notAPacket }
        let length = status & sixthByteBit != 0 ? 6 : 5
        var index = 1
        // The coordinate bytes are 7-bit; a sync bit among them means the packet was cut short.
        while index < bytes.count && index < 5 {
            if bytes[index] & syncBit != 0 { return .notAPacket }
            index += 1
        }
        guard bytes.count >= length else { return .needMore }
        let resolutionBits = 11 + Int((status >> 1) & 0x03)
        let sample = LegacySample(
            isTouching: status & touchBit != 0,
            x: coordinate(high: bytes[1], low: bytes[2], bits: resolutionBits),
            y: coordinate(high: bytes[3], low: bytes[4], bits: resolutionBits),
            pressure: length == 6 ? UInt16(bytes[5]) : 0)
        return .contact(length: length, sample)
    }

    private static func inspectDiagnostic(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        guard bytes.count >= 2 else { return .needMore }
        let length = 2 + Int(bytes[1])
        guard bytes[1] >= 1, length <= maxPacketLength else { return .notAPacket }
        var index = 2
        while index < bytes.count && index < length {
            if bytes[index] & syncBit != 0 { return .notAPacket }
            index += 1
        }
        return bytes.count >= length ? .other(length: length) : .needMore
    }

    /// Joins the `bits - 7` low bits of `high` with the 7 bits of `low`, scaled to 14 bits.
    static func coordinate(high: UInt8, low: UInt8, bits: Int) -> UInt16 {
        let highMask = UInt16(1) << UInt16(bits - 7) - 1
        let value = (UInt16(high) & highMask) << 7 | UInt16(low & 0x7F)
        return value << UInt16(normalizedBits - bits)
    }
}
