/// A frame whose COBS, length, CRC, version and type have been checked; only its payload is still
/// uninterpreted. `FrameDecoder.decodeDeviceMessage` and `decodeCommand` turn it into a message.
public struct ValidatedFrame: Sendable {
    public let type: FrameType
    /// Version, type, payload and CRC, as received.
    public let bytes: FrameBuffer

    public init(type: FrameType, bytes: FrameBuffer) {
        self.type = type
        self.bytes = bytes
    }

    public var version: UInt8 { bytes[0] }
    public var payloadLength: Int { bytes.count - 4 }
}
