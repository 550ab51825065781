import TouchCore

/// Legacy controller packets built from the layouts in docs/protocols.md, for feeding a monitor.
enum LegacyWire {
    /// `index`: PenMount's contact number (0-15); the other protocols have one contact.
    static func touch(_ kind: LegacyProtocol, index: UInt8 = 0, touching: Bool, x: UInt16, y: UInt16) -> [UInt8] {
        func low(_ value: UInt16) -> UInt8 { UInt8(value & 0xFF) }
        func high(_ value: UInt16) -> UInt8 { UInt8(value >> 8) }
        switch kind {
        case .elo:
            var packet: [UInt8] = [0x55, 0x54, touching ? 0x02 : 0x04, low(x), high(x), low(y), high(y), 0, 0]
            packet.append(packet.reduce(UInt8(0xAA)) { $0 &+ $1 })
            return packet
        case .mtouch:
            return [touching ? 0xC0 : 0x80, UInt8(x & 0x7F), UInt8(x >> 7 & 0x7F), UInt8(y & 0x7F), UInt8(y >> 7 & 0x7F)]
        case .penmount6250:
            var packet: [UInt8] = [0x30 | (touching ? 0x40 : 0) | index & 0x0F, low(x), high(x), low(y), high(y)]
            packet.append(~packet.reduce(UInt8(0)) { $0 &+ $1 })
            return packet
        case .egalax:
            let status: UInt8 = 0x80 | UInt8(14 - 11) << 1 | (touching ? 0x01 : 0)
            return [status, UInt8(x >> 7), UInt8(x & 0x7F), UInt8(y >> 7), UInt8(y & 0x7F)]
        }
    }
}
