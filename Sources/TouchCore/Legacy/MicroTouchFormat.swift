/// 3M MicroTouch "format tablet" reports: a status byte with bit 7 set, then x and y as two
/// 7-bit groups each. Command replies (0x01 ... 0x0D) share the line and are skipped.
/// There is no checksum; bit 7, set only in the status byte, is what keeps the stream in step.
public enum MicroTouchFormat: LegacyPacketFormat {
    public static let maxPacketLength = LegacyPacketBytes.capacity
    static let tabletLength = 5
    static let syncBit: UInt8 = 0x80
    static let touchBit: UInt8 = 0x40
    static let replyStart: UInt8 = 0x01
    static let replyEnd: UInt8 = 0x0D

    public static func inspect(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        let first = bytes[0]
        if first & syncBit != 0 { return inspectTablet(bytes) }
        if first == replyStart { return inspectReply(bytes) }
        return .notAPacket
    }

    private static func inspectTablet(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        var index = 1
        while index < bytes.count && index < tabletLength {
            // A byte with the sync bit inside a report means the report was cut short.
            if bytes[index] & syncBit != 0 { return .notAPacket }
            index += 1
        }
        guard bytes.count >= tabletLength else { return .needMore }
        let sample = LegacySample(
            isTouching: bytes[0] & touchBit != 0,
            x: bytes.sevenBitPair(at: 1),
            y: bytes.sevenBitPair(at: 3))
        return .contact(length: tabletLength, sample)
    }

    private static func inspectReply(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        var index = 1
        while index < bytes.count {
            if bytes[index] == replyEnd { return .other(length: index + 1) }
            if bytes[index] & syncBit != 0 { return .notAPacket }
            index += 1
        }
        return bytes.count < maxPacketLength ? .needMore : .notAPacket
    }
}
