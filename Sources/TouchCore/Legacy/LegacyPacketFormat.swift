/// The rules of one legacy packet format: given the bytes waiting at the front of the stream,
/// say whether they start a packet, need more bytes, or form a complete (good or bad) packet.
/// Formats are stateless so that resynchronisation can re-inspect any suffix of the buffer.
public protocol LegacyPacketFormat {
    /// The longest packet the format produces; the stream buffer never holds more.
    static var maxPacketLength: Int { get }
    static func inspect(_ bytes: LegacyPacketBytes) -> LegacyPacketVerdict
}

public enum LegacyPacketVerdict: Equatable, Sendable {
    /// A valid beginning of a packet that is not complete yet.
    case needMore
    /// The first byte cannot start a packet followed by these bytes: drop it and look again.
    case notAPacket
    /// A complete candidate whose checksum does not match: drop its first byte and look again,
    /// since a true packet may start inside it.
    case badChecksum
    /// A complete, valid packet that carries no touch (a command reply, an identification).
    case other(length: Int)
    /// A complete touch packet. Formats leave `timestamp` at 0; the decoder stamps it.
    case contact(length: Int, LegacySample)
}

/// What one touch packet says: a contact, whether it touches, and where, in controller units.
public struct LegacySample: Equatable, Sendable {
    /// The controller's contact index for multi-touch protocols; nil for single-touch ones.
    public var contactIndex: UInt8?
    public var isTouching: Bool
    public var x: UInt16
    public var y: UInt16
    /// Pressure or signal strength where the packet carries one; 0 otherwise.
    public var pressure: UInt16
    /// When the packet's last byte arrived.
    public var timestamp: Microseconds

    public init(contactIndex: UInt8? = nil, isTouching: Bool, x: UInt16, y: UInt16,
                pressure: UInt16 = 0, timestamp: Microseconds = 0) {
        self.contactIndex = contactIndex
        self.isTouching = isTouching
        self.x = x
        self.y = y
        self.pressure = pressure
        self.timestamp = timestamp
    }
}

/// The bytes of a packet being assembled, held inline. Sized for the longest legacy packet
/// (a MicroTouch command reply).
public struct LegacyPacketBytes: Sendable {
    public static let capacity = 16
    private var storage = InlineArray<16, UInt8>(repeating: 0)
    public private(set) var count = 0

    public init() {}

    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { _ = append(byte) }
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "LegacyPacketBytes index out of range")
        return storage[position]
    }

    @discardableResult
    public mutating func append(_ byte: UInt8) -> Bool {
        guard count < Self.capacity else { return false }
        storage[count] = byte
        count += 1
        return true
    }

    public mutating func removeFirst(_ n: Int) {
        precondition(n >= 0 && n <= count, "LegacyPacketBytes removes more than it holds")
        var index = 0
        while index + n < count {
            storage[index] = storage[index + n]
            index += 1
        }
        count -= n
    }

    public mutating func removeAll() { count = 0 }

    /// Little-endian 16-bit value at `low`, `low + 1`.
    func littleEndian(at low: Int) -> UInt16 {
        UInt16(self[low]) | UInt16(self[low + 1]) << 8
    }

    /// Two 7-bit groups, low group first, as sent by formats that keep bit 7 for sync.
    func sevenBitPair(at low: Int) -> UInt16 {
        UInt16(self[low] & 0x7F) | UInt16(self[low + 1] & 0x7F) << 7
    }
}
