import SeededRandom
import Testing
import TouchCore

@Suite struct ProtocolDecoderTests {
    static let first = DeviceMessage.contacts(ProtocolSamples.contactReport(contacts: 3))
    static let second = DeviceMessage.status(DeviceStatus(timestamp: 99, kind: .recalibrated))

    /// Builds a frame with any header, a correct CRC, COBS and the delimiter: what a newer or a
    /// confused sender might send.
    static func rawFrame(version: UInt8 = WireFormat.version, type: UInt8, payload: [UInt8]) -> [UInt8] {
        var frame = FrameBuffer()
        frame.append(version)
        frame.append(type)
        for byte in payload { frame.append(byte) }
        frame.append(CRC16.checksum(of: frame, count: frame.count))
        var sink = ByteCollector()
        COBS.encode(frame, to: &sink)
        return sink.bytes
    }

    struct Corruption: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var reason: FrameRejection
        var testDescription: String { name }
    }

    static var corruptions: [Corruption] {
        let good = ProtocolSamples.encoded(second)
        var flipped = good
        flipped[3] ^= flipped[3] == 0x01 ? 0x02 : 0x01
        let cut = Array(ProtocolSamples.encoded(first).prefix(5)) + [0x00]
        return [
            Corruption(name: "line noise", bytes: [0x12, 0x34, 0x56, 0x00], reason: .badEncoding),
            Corruption(name: "frame cut short", bytes: cut, reason: .badEncoding),
            Corruption(name: "frame of three bytes", bytes: [0x04, 0x01, 0x02, 0x03, 0x00], reason: .truncated),
            Corruption(name: "flipped bit", bytes: flipped, reason: .badCRC),
            Corruption(name: "absurd length", bytes: Array(repeating: 0x42, count: 1000) + [0x00], reason: .tooLong),
            // 261 bytes of 0x01 after decoding: one more than the largest frame.
            Corruption(name: "one byte too long", bytes: [0xFF] + Array(repeating: 1, count: 254) + [0x08] + Array(repeating: 1, count: 7) + [0x00], reason: .tooLong),
            Corruption(name: "unknown type", bytes: rawFrame(type: 0x42, payload: [1, 2, 3]), reason: .unknownType),
            Corruption(name: "unknown version", bytes: rawFrame(version: 2, type: 0x06, payload: Array(repeating: 0, count: 9)), reason: .unknownVersion),
            Corruption(name: "report of 7 bytes", bytes: rawFrame(type: 0x02, payload: [1, 0, 1, 0, 0, 0, 9]), reason: .malformedPayload),
            Corruption(name: "contact state 3", bytes: rawFrame(type: 0x02, payload: [1, 0, 1, 0, 0, 0, 0x61, 1, 1, 1, 1]), reason: .malformedPayload),
            Corruption(name: "reply naming a device message", bytes: rawFrame(type: 0x07, payload: [1, 0x02, 0]), reason: .malformedPayload),
            Corruption(name: "mode 9", bytes: rawFrame(type: 0x82, payload: [1, 9]), reason: .malformedPayload),
            Corruption(name: "heatmap rows past the grid", bytes: rawFrame(type: 0x03, payload: [0, 0, 0, 0, 0, 0, 2, 1, 2, 1, 0, 0, 0, 0]), reason: .malformedPayload),
            // Contact reports are parsed in place (`ContactReport.read(payload:shaped:)`): each of its refusals.
            Corruption(name: "contact with bit 7 set", bytes: rawFrame(type: 0x02, payload: [1, 0, 1, 0, 0, 0, 0x81, 1, 1, 1, 1]), reason: .malformedPayload),
            Corruption(name: "second contact state 3", bytes: rawFrame(type: 0x02, payload: [1, 0, 1, 0, 0, 0, 0x01, 1, 1, 1, 1, 0x7F, 1, 1, 1, 1]), reason: .malformedPayload),
            Corruption(name: "report of 21 contacts", bytes: rawFrame(type: 0x02, payload: [1, 0, 1, 0, 0, 0] + Array(repeating: 0x01, count: 105)), reason: .malformedPayload),
            Corruption(name: "report header cut", bytes: rawFrame(type: 0x02, payload: [1, 0, 1, 0, 0]), reason: .malformedPayload),
            Corruption(name: "shaped contact orientation 180", bytes: rawFrame(type: 0x08, payload: [1, 0, 1, 0, 0, 0, 0x01, 1, 1, 1, 1, 10, 8, 180, 0]), reason: .malformedPayload),
            Corruption(name: "shaped contact flags 2", bytes: rawFrame(type: 0x08, payload: [1, 0, 1, 0, 0, 0, 0x01, 1, 1, 1, 1, 10, 8, 90, 2]), reason: .malformedPayload),
            Corruption(name: "shaped report of 5-byte contacts", bytes: rawFrame(type: 0x08, payload: [1, 0, 1, 0, 0, 0, 0x01, 1, 1, 1, 1]), reason: .malformedPayload),
        ]
    }

    @Test(arguments: corruptions)
    func corruptInputIsSkippedCountedAndTheNextFrameDecodes(_ corruption: Corruption) {
        var decoder = FrameDecoder()
        let stream = ProtocolSamples.encoded(Self.first) + corruption.bytes + ProtocolSamples.encoded(Self.second)
        let frames = ProtocolSamples.decode(stream, with: &decoder)
        #expect(frames == [.device(Self.first), .device(Self.second)])
        #expect(decoder.statistics.rejected(corruption.reason) == 1)
        #expect(decoder.statistics.rejectedFrames == 1)
        #expect(decoder.statistics.skippedBytes == corruption.bytes.count)
        #expect(decoder.statistics.resyncs == 1)
        #expect(decoder.skippedBeforeLastFrame == corruption.bytes.count)
        #expect(decoder.lastRejection == corruption.reason)
        #expect(decoder.statistics.bytes == stream.count)
    }

    @Test func garbageWithoutADelimiterCostsOnlyTheFrameItRunsInto() {
        let garbage: [UInt8] = [0x55, 0xAA, 0x13, 0x37]
        let third = DeviceMessage.reply(CommandReply(requestId: 1, command: .reset, result: .accepted))
        let stream = ProtocolSamples.encoded(Self.first) + garbage + ProtocolSamples.encoded(Self.second)
            + ProtocolSamples.encoded(third)
        let result = ProtocolSamples.decode(stream)
        #expect(result.frames == [.device(Self.first), .device(third)])
        #expect(result.statistics.rejectedFrames == 1)
        #expect(result.statistics.skippedBytes == garbage.count + ProtocolSamples.encoded(Self.second).count)
    }

    @Test func aLeadingDelimiterIsolatesGarbageFromTheNextFrame() {
        var sink = ByteCollector()
        FrameEncoder.writeDelimiter(to: &sink)
        FrameEncoder.encode(Self.second, to: &sink)
        let result = ProtocolSamples.decode([0x55, 0xAA, 0x13] + sink.bytes)
        #expect(result.frames == [.device(Self.second)])
        #expect(result.statistics.skippedBytes == 4)
    }

    @Test func idleDelimitersAreNeitherFramesNorSkippedInput() {
        let stream: [UInt8] = [0x00, 0x00] + ProtocolSamples.encoded(Self.first) + [0x00]
        let result = ProtocolSamples.decode(stream)
        #expect(result.frames == [.device(Self.first)])
        #expect(result.statistics.skippedBytes == 0)
        #expect(result.statistics.resyncs == 0)
    }

    /// Every message, every command, and some corruption between them.
    static var mixedStream: [UInt8] {
        var stream: [UInt8] = [0x42, 0x43, 0x00]  // the tail of a frame sent before the receiver listened
        for (index, message) in ProtocolSamples.deviceMessages.enumerated() {
            stream += ProtocolSamples.encoded(message)
            if index < corruptions.count { stream += corruptions[index].bytes }
        }
        for command in ProtocolSamples.commands { stream += ProtocolSamples.encoded(command) }
        return stream
    }

    @Test(arguments: [1 as UInt64, 2, 3, 42, 2026])
    func oneByteAtATimeAllAtOnceAndRandomChunksGiveTheSameFrames(seed: UInt64) {
        let stream = Self.mixedStream
        var byteWise = FrameDecoder()
        var byteWiseFrames: [DecodedFrame] = []
        for byte in stream {
            if let frame = byteWise.push(byte) { byteWiseFrames.append(frame) }
        }

        let whole = ProtocolSamples.decode(stream)

        // Random chunks, each handed to the decoder as one read, as a host's read() would.
        var generator = SplitMix64(seed: seed)
        var chunked = FrameDecoder()
        var chunkedFrames: [DecodedFrame] = []
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + Int.random(in: 1...300, using: &generator))
            chunkedFrames += ProtocolSamples.decode(Array(stream[start..<end]), with: &chunked)
            start = end
        }

        let expected = ProtocolSamples.deviceMessages.map(DecodedFrame.device)
            + ProtocolSamples.commands.map(DecodedFrame.command)
        #expect(byteWiseFrames == expected)
        #expect(whole.frames == expected)
        #expect(chunkedFrames == expected)
        #expect(byteWise.statistics == whole.statistics)
        #expect(chunked.statistics == whole.statistics)
    }

    /// A run of data bytes is copied eight at a time until a word holds a zero: a zero at each
    /// offset of two words, in one read and byte by byte, gives the same report, byte for byte.
    @Test(arguments: 0..<20)
    func aZeroAnywhereInAReportDecodesTheSameInOneReadAndByteWise(offset: Int) {
        var payload: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66] + Array(repeating: 0x21, count: 20)
        payload[6 + offset] = 0
        let stream = Self.rawFrame(type: 0x02, payload: payload)
        var byteWise = FrameDecoder()
        var byteWiseFrames: [DecodedFrame] = []
        for byte in stream {
            if let frame = byteWise.push(byte) { byteWiseFrames.append(frame) }
        }
        var reports: [ContactReport] = []
        var others = 0
        var whole = FrameDecoder()
        stream.withUnsafeBufferPointer { run in
            whole.decode(run, contacts: { report, _ in reports.append(report) }, other: { _, _ in others += 1 })
        }
        #expect(others == 0)
        #expect(reports.count == 1)
        #expect(byteWiseFrames == reports.map { .device(.contacts($0)) })
        guard let report = reports.first, report.contacts.count == 4 else {
            Issue.record("expected one report of four contacts")
            return
        }
        #expect(report.sequence == 0x2211 && report.timestamp == 0x6655_4433)
        var expected = ContactReport(sequence: 0x2211, timestamp: 0x6655_4433)
        for index in 0..<4 {
            let bytes = Array(payload[(6 + index * 5)..<(11 + index * 5)])
            let first = bytes[0]
            expected.contacts.append(
                WireContact(
                    id: first & 0x1F, state: first &>> 5 == 0 ? .down : .move, x: UInt16(bytes[1]) | UInt16(bytes[2] & 0x0F) << 8,
                    y: UInt16(bytes[2] >> 4) | UInt16(bytes[3]) << 4, amplitude: bytes[4]))
        }
        #expect(report == expected)
    }

    @Test func everyInputByteIsAccountedFor() {
        let stream = Self.mixedStream
        let result = ProtocolSamples.decode(stream)
        let goodBytes = ProtocolSamples.deviceMessages.map { ProtocolSamples.encoded($0).count }.reduce(0, +)
            + ProtocolSamples.commands.map { ProtocolSamples.encoded($0).count }.reduce(0, +)
        #expect(result.statistics.bytes == stream.count)
        #expect(result.statistics.skippedBytes == stream.count - goodBytes)
        #expect(result.statistics.frames == ProtocolSamples.deviceMessages.count + ProtocolSamples.commands.count)
        #expect(result.statistics.rejectedFrames == Self.corruptions.count + 1)
    }

    @Test func randomNoiseNeverCrashesAndTheDecoderRecovers() {
        var generator = SplitMix64(seed: 7)
        var decoder = FrameDecoder()
        for _ in 0..<20_000 { _ = decoder.push(UInt8.random(in: 0...255, using: &generator)) }
        var sink = ByteCollector()
        FrameEncoder.writeDelimiter(to: &sink)
        FrameEncoder.encode(Self.second, to: &sink)
        #expect(ProtocolSamples.decode(sink.bytes, with: &decoder) == [.device(Self.second)])
        #expect(decoder.statistics.rejectedFrames > 0)
    }

    @Test func validatedFramesExposeTheRawPayloadForPassThrough() {
        var decoder = FrameDecoder()
        var validated: [ValidatedFrame] = []
        for byte in ProtocolSamples.encoded(Self.second) {
            if let frame = decoder.pushFrame(byte) { validated.append(frame) }
        }
        #expect(validated.count == 1)
        #expect(validated.first?.type == .status)
        #expect(validated.first?.payloadLength == 9)
        #expect(validated.first.flatMap(FrameDecoder.decodeDeviceMessage) == Self.second)
        #expect(validated.first.flatMap(FrameDecoder.decodeCommand) == nil)
    }
}
