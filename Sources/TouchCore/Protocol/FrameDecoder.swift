/// Turns link bytes back into messages, a run of bytes or one byte per call, in fixed storage: no allocation, and the
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
    /// The type of the frame `completesFrame` accepted last.
    private var completedType = FrameType.info

    public init() {}

    /// Consumes a run of bytes and hands `body` each message or command they complete, in order:
    /// the frames `push` would return byte by byte, without building an optional message per byte.
    /// The decoder is busy while `body` runs: its statistics are read after the call.
    public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (DecodedFrame) -> Void) {
        decode(bytes) { frame, _ in body(frame) }
    }

    /// `decode(_:_:)` that also hands `body` the bytes skipped before each frame
    /// (`skippedBeforeLastFrame`, which cannot be read while the decoder is busy), for a host that
    /// reports resyncs.
    public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (DecodedFrame, _ skippedBefore: Int) -> Void) {
        decode(bytes, contacts: { report, skipped in body(.device(.contacts(report)), skipped) }, other: body)
    }

    /// `decode(_:_:)` with contact reports, nearly all of a link's frames, handed to `contacts` where
    /// the decoder parsed them, and every other frame to `other`: wrapped in a `DecodedFrame`, a
    /// 250-byte report is copied on its way (most of what decoding one cost). The report is valid
    /// during the call only.
    public mutating func decode(
        _ bytes: UnsafeBufferPointer<UInt8>,
        contacts: (_ report: ContactReport, _ skippedBefore: Int) -> Void,
        other: (DecodedFrame, _ skippedBefore: Int) -> Void
    ) {
        guard bytes.count > 0 else { return }
        statistics.bytes += bytes.count
        // Every contact report of this run is parsed into this one place and handed on from there.
        // A local, not part of the decoder: a controller's decoder (byte-wise `push`) has no use
        // for 250 more bytes of RAM, and a local goes to `contacts` without a copy.
        var report = ContactReport(sequence: 0, timestamp: 0)
        var index = 0
        while index < bytes.count {
            // The bulk of a frame: runs of data bytes, copied without the per-byte state machine.
            let taken = cobs.takeBlockData(bytes, from: index)
            if taken > 0 {
                index += taken
                if index == bytes.count { break }
            }
            let byte = bytes[index]
            index += 1
            if completesFrame(byte) {
                if completedType == .contacts || completedType == .shapedContacts {
                    if Self.parse(&report, from: &cobs, shaped: completedType == .shapedContacts) {
                        accept()
                        contacts(report, skippedBeforeLastFrame)
                    } else {
                        reject(.malformedPayload)
                    }
                } else {
                    decodeCompleted(other)
                }
            }
        }
    }

    /// The frame `cobs` just completed, parsed into `report` in place; false when malformed.
    @inline(__always)
    private static func parse(_ report: inout ContactReport, from cobs: inout COBSDecoder, shaped: Bool) -> Bool {
        cobs.withDecodedBytes { frame in
            report.read(payload: UnsafeBufferPointer(rebasing: frame[2..<(frame.count - 2)]), shaped: shaped)
        }
    }

    /// Consumes one byte; returns a message or command when the byte completes a valid frame.
    public mutating func push(_ byte: UInt8) -> DecodedFrame? {
        statistics.bytes += 1
        guard completesFrame(byte) else { return nil }
        var decoded: DecodedFrame?
        decodeCompleted { frame, _ in decoded = frame }
        return decoded
    }

    /// Interprets the frame `completesFrame` just accepted and hands it to `body` with the bytes
    /// skipped before it. The payload is read straight from the COBS buffer, and the message goes
    /// to `body` without an optional around it: each wrapper was another copy of a 270-byte value.
    @inline(__always)
    private mutating func decodeCompleted(_ body: (DecodedFrame, _ skippedBefore: Int) -> Void) {
        var reader = PayloadReader(frameBytes: cobs.decoded)
        if completedType.isCommand {
            if let command = CommandFrame(type: completedType, reading: &reader) {
                accept()
                body(.command(command), skippedBeforeLastFrame)
                return
            }
        } else if Self.withDeviceMessage(of: completedType, reading: &reader, { message in
            accept()
            body(.device(message), skippedBeforeLastFrame)
        }) {
            return
        }
        reject(.malformedPayload)
    }

    /// Consumes one byte; returns a frame whose framing, CRC, version and type are valid, leaving
    /// its payload uninterpreted (for pass-through and recording). Counts it as decoded.
    public mutating func pushFrame(_ byte: UInt8) -> ValidatedFrame? {
        statistics.bytes += 1
        guard completesFrame(byte) else { return nil }
        accept()
        return ValidatedFrame(type: completedType, bytes: cobs.decoded)
    }

    public static func decodeDeviceMessage(_ frame: ValidatedFrame) -> DeviceMessage? {
        var reader = PayloadReader(frame)
        var decoded: DeviceMessage?
        _ = withDeviceMessage(of: frame.type, reading: &reader) { decoded = $0 }
        return decoded
    }

    /// Parses the payload of a device message of `type` and hands it to `body`; false, without
    /// calling it, when the payload is malformed or `type` is a command. The message is built
    /// from the value each payload is parsed into: through an optional message, a contact report
    /// (250 bytes) was copied three more times, most of the decoder's time.
    @inline(__always)
    static func withDeviceMessage(
        of type: FrameType, reading reader: inout PayloadReader, _ body: (DeviceMessage) -> Void
    ) -> Bool {
        switch type {
        case .info: guard let info = DeviceInfo(reading: &reader) else { return false }; body(.info(info))
        case .contacts, .shapedContacts:
            guard let report = ContactReport(reading: &reader, shaped: type == .shapedContacts) else { return false }
            body(.contacts(report))
        case .heatmap: guard let slice = HeatmapSlice(reading: &reader) else { return false }; body(.heatmap(slice))
        case .gesture: guard let event = GestureEvent(reading: &reader) else { return false }; body(.gesture(event))
        case .touch: guard let record = TouchEventRecord(reading: &reader) else { return false }; body(.touch(record))
        case .status: guard let status = DeviceStatus(reading: &reader) else { return false }; body(.status(status))
        case .reply: guard let reply = CommandReply(reading: &reader) else { return false }; body(.reply(reply))
        case .getInfo, .setMode, .setReportRate, .recalibrate, .reset, .stimulus, .injectFaults, .setContactShapes,
            .setIdleAcquisition:
            return false
        }
        return true
    }

    public static func decodeCommand(_ frame: ValidatedFrame) -> CommandFrame? {
        var reader = PayloadReader(frame)
        return CommandFrame(type: frame.type, reading: &reader)
    }

    /// Checks in order: length, COBS, minimum length, CRC, version, type. The CRC comes before the
    /// version and type so a corrupted header byte counts as corruption, not as a newer protocol.
    /// True when `byte` completed a frame that passed them all: `cobs.decoded` holds it, of type
    /// `completedType`. A Bool rather than the frame, so the bytes inside a frame cost no copies.
    @inline(__always)
    private mutating func completesFrame(_ byte: UInt8) -> Bool {
        switch cobs.push(byte) {
        case .pending, .idle: return false
        case .frame: return checkFrame()
        case .badEncoding: reject(.badEncoding)
        case .tooLong: reject(.tooLong)
        }
        return false
    }

    private mutating func checkFrame() -> Bool {
        let count = cobs.decoded.count
        guard count >= WireFormat.minFrameLength else {
            reject(.truncated)
            return false
        }
        // Read in place (`FrameBuffer.elements`), before `reject` may change the decoder.
        let intact: Bool, version: UInt8, rawType: UInt8
        do {
            let bytes = cobs.decoded.elements
            let received = UInt16(bytes[count - 2]) | UInt16(bytes[count - 1]) &<< 8
            intact = CRC16.checksum(of: bytes.extracting(0..<(count - 2))) == received
            version = bytes[0]
            rawType = bytes[1]
        }
        guard intact else {
            reject(.badCRC)
            return false
        }
        guard version == WireFormat.version else {
            reject(.unknownVersion)
            return false
        }
        guard let type = FrameType(rawValue: rawType) else {
            reject(.unknownType)
            return false
        }
        completedType = type
        return true
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
