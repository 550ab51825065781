import TouchCore

/// One contact in a scan's output, in device units.
public struct ScanContact: Equatable, Sendable {
    /// The controller's contact id: small, below the board's contact capacity.
    public var id: UInt8
    /// `down` on the first scan of a contact, `move` while it stays, `up` once when it lifts.
    public var state: ContactState
    public var x: UInt16
    public var y: UInt16
    /// Peak delta, counts.
    public var amplitude: UInt16
    /// The contact's ellipse and palm flag, as the shaped report sends them.
    public var shape: WireShape

    public init(id: UInt8, state: ContactState, x: UInt16, y: UInt16, amplitude: UInt16, shape: WireShape = .unknown) {
        self.id = id
        self.state = state
        self.x = x
        self.y = y
        self.amplitude = amplitude
        self.shape = shape
    }

    public var isPalm: Bool { shape.isPalm }

    public static let placeholder = ScanContact(id: 0, state: .up, x: 0, y: 0, amplitude: 0)
}

/// What one scan found: every live contact plus those that lifted in this scan, in id order.
public struct ScanResult: Sendable {
    public typealias Contacts = InlineList<20, ScanContact>

    public var timestamp: Microseconds
    /// Counts scans since power-up or reset, wrapping.
    public var sequence: UInt32
    public var contacts: Contacts
    /// Touches seen this scan that found no free contact id.
    public var droppedContacts: Int

    public init(timestamp: Microseconds, sequence: UInt32) {
        self.timestamp = timestamp
        self.sequence = sequence
        contacts = Contacts(filler: .placeholder)
        droppedContacts = 0
    }
}
