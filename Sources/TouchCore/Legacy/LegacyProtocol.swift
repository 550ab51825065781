/// The RS-232 touch controller protocols still found in installed kiosks, decoded beside
/// touchhost's own wire protocol. Raw values are stable so hosts and C callers can store them.
public enum LegacyProtocol: UInt8, Sendable {
    /// Elo SmartSet 10-byte packets (Elo 'E271-2210' protocol).
    case elo = 0
    /// 3M MicroTouch "format tablet" 5-byte packets.
    case mtouch = 1
    /// PenMount 6250: one contact of up to 16 per 6-byte packet, no frame boundary.
    case penmount6250 = 2
    /// EETI eGalax serial 5-byte (or 6-byte with pressure) packets.
    case egalax = 3

    public static let count = 4

    /// The name `--protocol NAME` takes.
    public var name: StaticString {
        switch self {
        case .elo: "elo"
        case .mtouch: "mtouch"
        case .penmount6250: "penmount6250"
        case .egalax: "egalax"
        }
    }

    public var displayName: StaticString {
        switch self {
        case .elo: "Elo SmartSet (10-byte)"
        case .mtouch: "3M MicroTouch (format tablet)"
        case .penmount6250: "PenMount 6250 (multi-touch)"
        case .egalax: "EETI eGalax serial"
        }
    }

    /// Other accepted spellings, the ones inputattach and vendor tools use.
    var alias: StaticString {
        switch self {
        case .elo: "elotouch"
        case .mtouch: "microtouch"
        case .penmount6250: "pm6250"
        case .egalax: "eeti"
        }
    }

    /// Matches `name` or `alias`, ignoring ASCII case. Takes bytes rather than a String so the
    /// Embedded build needs no Unicode tables.
    public init?<Name: Sequence>(nameBytes: Name) where Name.Element == UInt8 {
        var index: UInt8 = 0
        while let candidate = LegacyProtocol(rawValue: index) {
            if Self.matches(nameBytes, candidate.name) || Self.matches(nameBytes, candidate.alias) {
                self = candidate
                return
            }
            index += 1
        }
        return nil
    }

    private static func matches<Name: Sequence>(_ bytes: Name, _ expected: StaticString) -> Bool
    where Name.Element == UInt8 {
        expected.withUTF8Buffer { expectedBytes in
            var position = 0
            for byte in bytes {
                guard position < expectedBytes.count else { return false }
                if lowercased(byte) != expectedBytes[position] { return false }
                position += 1
            }
            return position == expectedBytes.count
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Whether packets carry a contact index (partial frames) rather than the one contact.
    public var isMultiTouch: Bool { self == .penmount6250 }

    /// Distinct contact indices the protocol can address.
    public var contactCapacity: Int { isMultiTouch ? 16 : 1 }

    /// The line speed the Linux `inputattach` tool uses for this controller; hosts may override it.
    public var defaultBaud: Int {
        switch self {
        case .elo, .mtouch, .egalax: 9600
        case .penmount6250: 19200
        }
    }

    /// The raw span the Linux driver advertises (see docs/protocols.md); MicroTouch's y axis
    /// grows upwards, so its range runs from high to low to put y = 0 at the top.
    public var defaultRange: LegacyCoordinateRange {
        switch self {
        case .elo: LegacyCoordinateRange(minX: 96, maxX: 4000, minY: 96, maxY: 4000)
        case .mtouch: LegacyCoordinateRange(minX: 0, maxX: 0x3FFF, minY: 0x3FFF, maxY: 0)
        case .penmount6250: LegacyCoordinateRange(minX: 0, maxX: 0x3FF, minY: 0, maxY: 0x3FF)
        case .egalax: LegacyCoordinateRange(minX: 0, maxX: 0x3FFF, minY: 0, maxY: 0x3FFF)
        }
    }

    /// Decides what the bytes at the front of a stream are, using this protocol's packet rules.
    public func inspect(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict {
        switch self {
        case .elo: EloSmartSetFormat.inspect(bytes)
        case .mtouch: MicroTouchFormat.inspect(bytes)
        case .penmount6250: PenMount6250Format.inspect(bytes)
        case .egalax: EGalaxSerialFormat.inspect(bytes)
        }
    }
}

#if !hasFeature(Embedded)
extension LegacyProtocol: CaseIterable {}

extension LegacyProtocol {
    /// Host convenience for `--protocol NAME`.
    public init?(name: String) { self.init(nameBytes: name.utf8) }
}
#endif
