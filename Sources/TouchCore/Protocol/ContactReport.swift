/// One contact as the controller reports it, in device units (see `DeviceInfo.maxX`).
/// On the wire: 5 bytes (id 5 bits and state 2 bits, x and y 12 bits each, amplitude).
public struct WireContact: Equatable, Sendable {
    public static let maxId: UInt8 = 31
    public static let maxCoordinate: UInt16 = 4095

    /// The controller's contact id, 0...31.
    public var id: UInt8
    public var state: ContactState
    public var x: UInt16
    public var y: UInt16
    public var amplitude: UInt8

    public init(id: UInt8, state: ContactState, x: UInt16, y: UInt16, amplitude: UInt8 = 0) {
        self.id = id
        self.state = state
        self.x = x
        self.y = y
        self.amplitude = amplitude
    }

    public static let placeholder = WireContact(id: 0, state: .up, x: 0, y: 0)
}

/// Every contact the controller sees in one scan: a full frame, so a contact missing from it lifted.
public struct ContactReport: Equatable, Sendable {
    public typealias Contacts = InlineList<20, WireContact>

    /// Counts reports (contacts and heatmap share one counter per scan); wraps at 65536. Gaps mean lost frames.
    public var sequence: UInt16
    /// Device time of the scan in microseconds; wraps every 2^32 µs (about 71.6 minutes).
    public var timestamp: UInt32
    public var contacts: Contacts

    public init(sequence: UInt16, timestamp: UInt32) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.contacts = Contacts(filler: .placeholder)
    }

    public static func == (a: ContactReport, b: ContactReport) -> Bool {
        guard a.sequence == b.sequence, a.timestamp == b.timestamp, a.contacts.count == b.contacts.count else {
            return false
        }
        for index in a.contacts.indices where a.contacts[index] != b.contacts[index] { return false }
        return true
    }
}
