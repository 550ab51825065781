/// Something the device reports about itself rather than about touches.
public enum DeviceStatusKind: UInt8, Sendable {
    /// The controller (re)started; `count` is how many times since power-on.
    case reset = 0
    /// `count` contacts beyond the report's capacity were dropped.
    case overflow = 1
    /// The baseline was re-measured.
    case recalibrated = 2
    /// `count` reports could not be sent (transmit buffer full).
    case framesLost = 3
    /// `count` command frames failed to decode on the device.
    case badCommands = 4

    // Sent by a bridge about its upstream link, with the meaning of the host's `StatusKind`.
    case resync = 16
    case disconnected = 17
    case reconnected = 18
    case duplicateContact = 19
    case reportTimeout = 20
    case rejected = 21
    /// A bridge's palm statuses: `count` packs the position, x in 0.1 mm in bits 0-15, y in 16-31.
    case palmBegan = 22
    case palmEnded = 23
}

public struct DeviceStatus: Equatable, Sendable {
    /// Device time in microseconds; wraps like `ContactReport.timestamp`.
    public var timestamp: UInt32
    public var kind: DeviceStatusKind
    public var count: UInt32

    public init(timestamp: UInt32, kind: DeviceStatusKind, count: UInt32 = 0) {
        self.timestamp = timestamp
        self.kind = kind
        self.count = count
    }
}
