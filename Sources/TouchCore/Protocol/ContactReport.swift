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
    /// Sent only in shaped reports (`ContactReport.isShaped`); `.unknown` otherwise.
    public var shape: WireShape

    public init(id: UInt8, state: ContactState, x: UInt16, y: UInt16, amplitude: UInt8 = 0, shape: WireShape = .unknown) {
        self.id = id
        self.state = state
        self.x = x
        self.y = y
        self.amplitude = amplitude
        self.shape = shape
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
    /// A shaped report (type 0x08, for a host that asked with `setContactShapes`) carries each
    /// contact's `WireShape` too, and palms flagged; a plain one (0x02) leaves palms out.
    public var isShaped: Bool

    public init(sequence: UInt16, timestamp: UInt32, isShaped: Bool = false) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.contacts = Contacts(filler: .placeholder)
        self.isShaped = isShaped
    }

    public static func == (a: ContactReport, b: ContactReport) -> Bool {
        guard a.sequence == b.sequence, a.timestamp == b.timestamp, a.contacts.count == b.contacts.count,
            a.isShaped == b.isShaped
        else {
            return false
        }
        for index in a.contacts.indices where a.contacts[index] != b.contacts[index] { return false }
        return true
    }
}

/// A contact's ellipse as a shaped report (0x08) carries it, 4 bytes: major and minor axis in
/// 0.5 mm (up to 127.5 mm), orientation in whole degrees clockwise from the x axis (0...179), and
/// flags (bit 0: the controller judged the contact a palm).
public struct WireShape: Equatable, Sendable {
    public var major: UInt8
    public var minor: UInt8
    public var orientation: UInt8
    public var flags: UInt8

    public static let palmFlag: UInt8 = 0x01

    public init(major: UInt8, minor: UInt8, orientation: UInt8, flags: UInt8 = 0) {
        self.major = major
        self.minor = minor
        self.orientation = orientation
        self.flags = flags
    }

    public static let unknown = WireShape(major: 0, minor: 0, orientation: 0)

    public var isPalm: Bool { flags & WireShape.palmFlag != 0 }

    /// Rounded to the wire's steps: axes clamped to 0...127.5 mm, the orientation folded into 0...179.
    public init(_ shape: ContactShape, isPalm: Bool = false) {
        major = WireShape.halfMillimetres(shape.major)
        minor = WireShape.halfMillimetres(shape.minor)
        var degrees = shape.orientation
        // Folding by subtraction, not a remainder: it must compile without libm on the firmware.
        if !(degrees > -100_000 && degrees < 100_000) { degrees = 0 }
        while degrees < 0 { degrees += 180 }
        while degrees >= 180 { degrees -= 180 }
        let rounded = Int(degrees + 0.5)
        orientation = UInt8(rounded >= 180 ? 0 : rounded)
        flags = isPalm ? WireShape.palmFlag : 0
    }

    public var contactShape: ContactShape {
        ContactShape(major: Float(Int(major)) * 0.5, minor: Float(Int(minor)) * 0.5, orientation: Float(Int(orientation)))
    }

    static func halfMillimetres(_ millimetres: Float) -> UInt8 {
        let scaled = millimetres * 2 + 0.5
        if !(scaled > 0) { return 0 }
        if scaled >= 255 { return 255 }
        return UInt8(scaled)
    }
}
