/// The constants both ends of a link agree on. docs/protocol.md is the byte-level specification.
public enum WireFormat {
    /// The protocol version byte that starts every frame. A receiver drops frames of other versions.
    public static let version: UInt8 = 1
    /// The most payload bytes a frame may carry (after version and type, before the CRC).
    public static let maxPayloadLength = 256
    /// Version, type, payload and CRC: the largest frame before COBS.
    public static let maxFrameLength = maxPayloadLength + 4
    /// The smallest frame: version, type and CRC with an empty payload.
    public static let minFrameLength = 4
    /// The largest frame on the wire: COBS adds one byte per 254 and the delimiter one more.
    public static let maxEncodedLength = maxFrameLength + (maxFrameLength + 253) / 254 + 1
    /// Ends every frame. COBS guarantees it occurs nowhere else, so a receiver resyncs at the next one.
    public static let delimiter: UInt8 = 0x00
}

/// The type byte of a frame. Device-to-host messages have the high bit clear, host-to-device
/// commands have it set, so one decoder serves both directions.
public enum FrameType: UInt8, Sendable {
    case info = 0x01
    case contacts = 0x02
    case heatmap = 0x03
    case gesture = 0x04
    case touch = 0x05
    case status = 0x06
    case reply = 0x07
    /// A contact report with each contact's shape, sent instead of 0x02 once the host asks.
    case shapedContacts = 0x08

    case getInfo = 0x81
    case setMode = 0x82
    case setReportRate = 0x83
    case recalibrate = 0x84
    case reset = 0x85
    case stimulus = 0x86
    case injectFaults = 0x87
    case setContactShapes = 0x88
    case setIdleAcquisition = 0x89

    public var isCommand: Bool { rawValue & 0x80 != 0 }
}
