/// What the host sends `setMode` to choose: which streams the device reports.
/// Raw values are bits of `ReportModeSet`, so `both` is contacts | heatmap.
public enum ReportMode: UInt8, Sendable {
    case contacts = 0x01
    case heatmap = 0x02
    case both = 0x03
    /// On-controller recognition: the device sends gesture events instead of contacts.
    case gestures = 0x04
}

/// The report streams a device can produce, one bit per stream (contacts 0x01, heatmap 0x02, gestures 0x04).
public struct ReportModeSet: Equatable, Sendable {
    public var rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let contacts = ReportModeSet(rawValue: 0x01)
    public static let heatmap = ReportModeSet(rawValue: 0x02)
    public static let gestures = ReportModeSet(rawValue: 0x04)
    /// Not a mode: the device sends shaped contact reports (0x08) when asked (`setContactShapes`).
    public static let shapes = ReportModeSet(rawValue: 0x08)
    /// Not a mode: the device scans at an idle interval while nothing touches it, when asked
    /// (`setIdleAcquisition`); its info then carries that interval (`DeviceInfo.idle`).
    public static let idles = ReportModeSet(rawValue: 0x10)

    public func contains(_ other: ReportModeSet) -> Bool { rawValue & other.rawValue == other.rawValue }

    public func union(_ other: ReportModeSet) -> ReportModeSet { ReportModeSet(rawValue: rawValue | other.rawValue) }

    public func supports(_ mode: ReportMode) -> Bool { rawValue & mode.rawValue == mode.rawValue }
}

public struct FirmwareVersion: Equatable, Sendable {
    public var major: UInt8
    public var minor: UInt8
    public var patch: UInt8

    public init(major: UInt8, minor: UInt8, patch: UInt8) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }
}

/// A short ASCII board name in fixed storage: there is no String in the Embedded build.
public struct BoardName: Equatable, Sendable {
    public static let capacity = 16
    public private(set) var bytes: InlineArray<16, UInt8>
    public private(set) var count: Int = 0

    public init() {
        bytes = InlineArray(repeating: 0)
    }

    /// Keeps the first 16 bytes of `name`.
    public init(_ name: StaticString) {
        self.init()
        name.withUTF8Buffer { buffer in
            for index in 0..<buffer.count { append(buffer[index]) }
        }
    }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "BoardName index out of range")
        return bytes[position]
    }

    /// Appends `byte` unless the name is full; returns whether it fit.
    @discardableResult
    public mutating func append(_ byte: UInt8) -> Bool {
        guard count < BoardName.capacity else { return false }
        bytes[count] = byte
        count += 1
        return true
    }

    public static func == (a: BoardName, b: BoardName) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a.bytes[index] != b.bytes[index] { return false }
        return true
    }
}

/// The device's answer to `getInfo`, also sent unasked after a reset.
public struct DeviceInfo: Equatable, Sendable {
    /// The protocol version the firmware was built for.
    public var protocolVersion: UInt8
    public var firmwareVersion: FirmwareVersion
    public var boardName: BoardName
    /// Active area, in 0.1 mm.
    public var panelWidth: UInt16
    public var panelHeight: UInt16
    /// The largest x and y a contact report carries; (0, 0) is the panel's top-left corner and
    /// (maxX, maxY) its bottom-right. At most 4095 so coordinates fit 12 bits.
    public var maxX: UInt16
    public var maxY: UInt16
    public var columns: UInt8
    public var rows: UInt8
    public var maxContacts: UInt8
    public var reportRate: UInt16
    public var supportedModes: ReportModeSet
    /// How the device idles; nil for a device that does not (an older one, or one not asked to):
    /// it reports at `reportRate` whatever is on the panel.
    public var idle: IdleAcquisition?

    public init(
        protocolVersion: UInt8 = WireFormat.version, firmwareVersion: FirmwareVersion, boardName: BoardName,
        panelWidth: UInt16, panelHeight: UInt16, maxX: UInt16, maxY: UInt16, columns: UInt8, rows: UInt8,
        maxContacts: UInt8, reportRate: UInt16, supportedModes: ReportModeSet, idle: IdleAcquisition? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.firmwareVersion = firmwareVersion
        self.boardName = boardName
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.maxX = maxX
        self.maxY = maxY
        self.columns = columns
        self.rows = rows
        self.maxContacts = maxContacts
        self.reportRate = reportRate
        self.supportedModes = supportedModes
        self.idle = idle
    }
}

/// Idle acquisition as a maXTouch does it: after `activeTimeout` with nothing on the panel the device
/// scans once every `scanInterval` instead of at its report rate, and reports once every
/// `reportInterval` (a scan that sees nothing in between is not reported and takes no sequence
/// number); the scan that first sees a touch is reported at once and full rate resumes with it.
/// Sent at the end of the device info by a device that was asked to idle (docs/protocol.md).
public struct IdleAcquisition: Equatable, Sendable {
    /// Time between idle scans, ms: it bounds the delay before a first touch is seen.
    public var scanInterval: UInt16
    /// Time between the reports of an idle device, ms: the longest it stays silent while it runs.
    public var reportInterval: UInt16
    /// How long the panel stays untouched at the full report rate before idling starts, ms.
    public var activeTimeout: UInt16

    public init(scanInterval: UInt16, reportInterval: UInt16, activeTimeout: UInt16) {
        self.scanInterval = scanInterval
        self.reportInterval = reportInterval
        self.activeTimeout = activeTimeout
    }

    /// Scans come at least a millisecond apart and reports at most a minute apart, on whole scans.
    public var isValid: Bool {
        scanInterval >= 1 && reportInterval >= scanInterval && reportInterval <= 60_000
            && reportInterval % scanInterval == 0
    }

    public var scanIntervalMicroseconds: Microseconds { Microseconds(widening: UInt32(scanInterval)) * 1_000 }
    public var reportIntervalMicroseconds: Microseconds { Microseconds(widening: UInt32(reportInterval)) * 1_000 }
    public var activeTimeoutMicroseconds: Microseconds { Microseconds(widening: UInt32(activeTimeout)) * 1_000 }
}
