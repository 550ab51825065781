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

    /// The request id of a command frame, readable even when the rest of its payload is malformed,
    /// so a device can refuse such a command (`invalidArgument`) instead of staying silent.
    public var requestId: UInt8? {
        type.isCommand && payloadLength >= 1 ? bytes[2] : nil
    }
}
