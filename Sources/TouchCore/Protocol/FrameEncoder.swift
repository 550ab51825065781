/// Turns messages into bytes on a link: frame = version, type, payload, CRC-16 (little-endian),
/// COBS-encoded, then 0x00.
public enum FrameEncoder {
    public static func encode<S: ByteSink>(_ message: DeviceMessage, to sink: inout S) {
        COBS.encode(frame(message), to: &sink)
    }

    public static func encode<S: ByteSink>(_ command: CommandFrame, to sink: inout S) {
        COBS.encode(frame(command), to: &sink)
    }

    /// A lone delimiter. A sender that may have stopped mid-frame (a reset, a reopened link) writes
    /// one first, so the receiver drops the partial frame at once instead of together with the next.
    public static func writeDelimiter<S: ByteSink>(to sink: inout S) {
        sink.write(WireFormat.delimiter)
    }

    /// The frame before COBS, CRC included.
    public static func frame(_ message: DeviceMessage) -> FrameBuffer {
        var frame = header(message.frameType)
        switch message {
        case .info(let info): info.write(to: &frame)
        case .contacts(let report): report.write(to: &frame)
        case .heatmap(let slice): slice.write(to: &frame)
        case .gesture(let event): event.write(to: &frame)
        case .touch(let record): record.write(to: &frame)
        case .status(let status): status.write(to: &frame)
        case .reply(let reply): reply.write(to: &frame)
        }
        appendCRC(to: &frame)
        return frame
    }

    public static func frame(_ command: CommandFrame) -> FrameBuffer {
        var frame = header(command.command.frameType)
        command.write(to: &frame)
        appendCRC(to: &frame)
        return frame
    }

    private static func header(_ type: FrameType) -> FrameBuffer {
        var frame = FrameBuffer()
        frame.append(WireFormat.version)
        frame.append(type.rawValue)
        return frame
    }

    private static func appendCRC(to frame: inout FrameBuffer) {
        // Every message type's largest payload fits 256 bytes by construction (fixed capacities).
        precondition(!frame.overflowed && frame.count <= WireFormat.maxFrameLength - 2, "frame exceeds maximum")
        frame.append(CRC16.checksum(of: frame, count: frame.count))
    }
}
