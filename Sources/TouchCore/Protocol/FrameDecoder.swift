/// Turns link bytes back into messages, one byte per call, in fixed storage: no allocation, and the
/// same frames however the input is chunked. It skips anything that is not a valid frame, counts
/// why, and starts over at the next 0x00, so a receiver resyncs after any corruption.
public struct FrameDecoder: Sendable {
    public private(set) var statistics = DecoderStatistics()
    /// Input bytes skipped between the previous decoded frame and the last one: a host reports a
    /// `resync` status event with this count when it is not zero.
    public private(set) var skippedBeforeLastFrame = 0
    /// Why the most recent rejected frame was rejected.
    public private(set) var lastRejection: FrameRejection?

    private var cobs = COBSDecoder()
    private var skippedSinceFrame = 0

    public init() {}

    /// Consumes one byte; returns a message or command when the byte completes a valid frame.
    public mutating func push(_ byte: UInt8) -> DecodedFrame? {
        guard let frame = pushFraming(byte) else { return nil }
        if frame.type.isCommand {
            if let command = Self.decodeCommand(frame) {
                accept()
                return .command(command)
            }
        } else if let message = Self.decodeDeviceMessage(frame) {
            accept()
            return .device(message)
        }
        reject(.malformedPayload)
        return nil
    }

    /// Consumes one byte; returns a frame whose framing, CRC, version and type are valid, leaving
    /// its payload uninterpreted (for pass-through and recording). Counts it as decoded.
    public mutating func pushFrame(_ byte: UInt8) -> ValidatedFrame? {
        guard let frame = pushFraming(byte) else { return nil }
        accept()
        return frame
    }

    public static func decodeDeviceMessage(_ frame: ValidatedFrame) -> DeviceMessage? {
        var reader = PayloadReader(frame)
        switch frame.type {
        case .info: return DeviceInfo(reading: &reader).map { .info($0) }
        case .contacts: return ContactReport(reading: &reader).map { .contacts($0) }
        case .heatmap: return HeatmapSlice(reading: &reader).map { .heatmap($0) }
        case .gesture: return GestureEvent(reading: &reader).map { .gesture($0) }
        case .touch: return TouchEventRecord(reading: &reader).map { .touch($0) }
        case .status: return DeviceStatus(reading: &reader).map { .status($0) }
        case .reply: return CommandReply(reading: &reader).map { .reply($0) }
        case .getInfo, .setMode, .setReportRate, .recalibrate, .reset, .stimulus, .injectFaults: return nil
        }
    }

    public static func decodeCommand(_ frame: ValidatedFrame) -> CommandFrame? {
        var reader = PayloadReader(frame)
        return CommandFrame(type: frame.type, reading: &reader)
    }

    /// Checks in order: length, COBS, minimum length, CRC, version, type. The CRC comes before the
    /// version and type so a corrupted header byte counts as corruption, not as a newer protocol.
    private mutating func pushFraming(_ byte: UInt8) -> ValidatedFrame? {
        statistics.bytes += 1
        switch cobs.push(byte) {
        case .pending, .idle: return nil
        case .badEncoding:
            reject(.badEncoding)
            return nil
        case .tooLong:
            reject(.tooLong)
            return nil
        case .frame: break
        }
        let bytes = cobs.decoded
        guard bytes.count >= WireFormat.minFrameLength else {
            reject(.truncated)
            return nil
        }
        let received = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) &<< 8
        guard CRC16.checksum(of: bytes, count: bytes.count - 2) == received else {
            reject(.badCRC)
            return nil
        }
        guard bytes[0] == WireFormat.version else {
            reject(.unknownVersion)
            return nil
        }
        guard let type = FrameType(rawValue: bytes[1]) else {
            reject(.unknownType)
            return nil
        }
        return ValidatedFrame(type: type, bytes: bytes)
    }

    private mutating func accept() {
        statistics.frames += 1
        if skippedSinceFrame > 0 { statistics.resyncs += 1 }
        skippedBeforeLastFrame = skippedSinceFrame
        skippedSinceFrame = 0
    }

    private mutating func reject(_ reason: FrameRejection) {
        statistics.count(reason)
        statistics.skippedBytes += cobs.inputLength
        skippedSinceFrame += cobs.inputLength
        lastRejection = reason
    }
}
