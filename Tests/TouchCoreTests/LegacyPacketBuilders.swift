import TouchCore

/// Test-side encoders written from the packet layouts in docs/protocols.md, independently of the
/// decoders, so a layout mistake on either side shows up as a mismatch.
enum LegacyPackets {
    static func elo(touching: Bool, x: UInt16, y: UInt16, pressure: UInt16? = nil) -> [UInt8] {
        var status: UInt8 = touching ? 0x02 : 0x04
        if pressure != nil { status |= 0x80 }
        let z = pressure ?? 0
        var packet: [UInt8] = [0x55, 0x54, status, low(x), high(x), low(y), high(y), low(z), high(z)]
        packet.append(packet.reduce(UInt8(0xAA)) { $0 &+ $1 })
        return packet
    }

    static func eloReply(_ type: UInt8) -> [UInt8] {
        var packet: [UInt8] = [0x55, type, 0x30, 0, 0, 0, 0, 0, 0]
        packet.append(packet.reduce(UInt8(0xAA)) { $0 &+ $1 })
        return packet
    }

    static func mtouch(touching: Bool, x: UInt16, y: UInt16) -> [UInt8] {
        [touching ? 0xC0 : 0x80,
         UInt8(x & 0x7F), UInt8(x >> 7 & 0x7F), UInt8(y & 0x7F), UInt8(y >> 7 & 0x7F)]
    }

    static func penmount(index: UInt8, touching: Bool, x: UInt16, y: UInt16) -> [UInt8] {
        var packet: [UInt8] = [0x30 | (touching ? 0x40 : 0) | index, low(x), high(x), low(y), high(y)]
        packet.append(~packet.reduce(UInt8(0)) { $0 &+ $1 })
        return packet
    }

    /// `x` and `y` are at the packet's own resolution of `bits` bits.
    static func egalax(touching: Bool, x: UInt16, y: UInt16, bits: Int = 14, pressure: UInt8? = nil) -> [UInt8] {
        var status: UInt8 = 0x80 | UInt8(bits - 11) << 1 | (touching ? 0x01 : 0)
        if pressure != nil { status |= 0x40 }
        var packet: [UInt8] = [status, UInt8(x >> 7), UInt8(x & 0x7F), UInt8(y >> 7), UInt8(y & 0x7F)]
        if let pressure { packet.append(pressure) }
        return packet
    }

    /// A touch packet of `kind` for the single contact (or contact 0), as the controller sends it.
    static func touch(_ kind: LegacyProtocol, touching: Bool = true, x: UInt16, y: UInt16) -> [UInt8] {
        switch kind {
        case .elo: elo(touching: touching, x: x, y: y)
        case .mtouch: mtouch(touching: touching, x: x, y: y)
        case .penmount6250: penmount(index: 0, touching: touching, x: x, y: y)
        case .egalax: egalax(touching: touching, x: x, y: y)
        }
    }

    private static func low(_ value: UInt16) -> UInt8 { UInt8(value & 0xFF) }
    private static func high(_ value: UInt16) -> UInt8 { UInt8(value >> 8) }
}

extension LegacyDecoder {
    /// Feeds `bytes` one at a time and collects the samples.
    mutating func samples(_ bytes: [UInt8], at time: Microseconds = 0) -> [LegacySample] {
        var found: [LegacySample] = []
        push(contentsOf: bytes, at: time) { found.append($0) }
        return found
    }
}
