/// Why a decoder skipped input. docs/protocol.md ("Resync") lists when each applies.
public enum FrameRejection: UInt8, Sendable {
    /// Garbage or broken COBS: a delimiter arrived in the middle of a block.
    case badEncoding = 0
    /// Fewer than 4 bytes (version, type, CRC) between delimiters.
    case truncated = 1
    case badCRC = 2
    /// More than `WireFormat.maxFrameLength` bytes before the delimiter.
    case tooLong = 3
    case unknownVersion = 4
    case unknownType = 5
    /// A valid frame whose payload does not match its type's layout.
    case malformedPayload = 6
}
