import TouchCore

/// What the command handler made of a frame from the host.
public enum ReceivedCommand: Equatable, Sendable {
    case command(CommandFrame)
    /// A valid command frame whose arguments do not parse: refused with `invalidArgument`.
    case malformed(requestId: UInt8, type: FrameType)
}

/// Turns the bytes the host sends into commands, one byte at a time, in fixed storage. Frames that
/// are not commands (our own reports echoed back, garbage) are skipped and counted.
public struct CommandHandler: Sendable {
    private var decoder = FrameDecoder()

    public init() {}

    /// Frames the decoder could not use: broken framing, bad CRC, unknown type.
    public var rejectedFrames: Int { decoder.statistics.rejectedFrames }

    public mutating func receive(_ byte: UInt8) -> ReceivedCommand? {
        guard let frame = decoder.pushFrame(byte), frame.type.isCommand else { return nil }
        if let command = FrameDecoder.decodeCommand(frame) { return .command(command) }
        if let requestId = frame.requestId { return .malformed(requestId: requestId, type: frame.type) }
        return nil
    }
}
