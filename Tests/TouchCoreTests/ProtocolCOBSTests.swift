import Testing
import TouchCore

@Suite struct ProtocolCOBSTests {
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var frame = FrameBuffer()
        for byte in bytes { frame.append(byte) }
        var sink = ByteCollector()
        COBS.encode(frame, to: &sink)
        return sink.bytes
    }

    /// Returns the decoded bytes of the first frame, or the outcome that ended it otherwise.
    static func decode(_ bytes: [UInt8]) -> (outcome: COBSDecoder.Outcome, bytes: [UInt8]) {
        var decoder = COBSDecoder()
        for byte in bytes {
            let outcome = decoder.push(byte)
            if outcome != .pending {
                return (outcome, (0..<decoder.decoded.count).map { decoder.decoded[$0] })
            }
        }
        return (.pending, [])
    }

    struct KnownEncoding: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var output: [UInt8]
        var testDescription: String { "\(input.count) bytes" }
    }

    // Published COBS examples, plus our delimiter.
    static let knownEncodings: [KnownEncoding] = [
        KnownEncoding(input: [0x00], output: [0x01, 0x01, 0x00]),
        KnownEncoding(input: [0x00, 0x00], output: [0x01, 0x01, 0x01, 0x00]),
        KnownEncoding(input: [0x11, 0x22, 0x00, 0x33], output: [0x03, 0x11, 0x22, 0x02, 0x33, 0x00]),
        KnownEncoding(input: [0x11, 0x22, 0x33, 0x44], output: [0x05, 0x11, 0x22, 0x33, 0x44, 0x00]),
        KnownEncoding(input: [0x11, 0x00, 0x00, 0x00], output: [0x02, 0x11, 0x01, 0x01, 0x01, 0x00]),
        KnownEncoding(input: Array(1...254), output: [0xFF] + Array(1...254) + [0x00]),
        KnownEncoding(input: Array(0...254), output: [0x01, 0xFF] + Array(1...254) + [0x00]),
        KnownEncoding(input: Array(1...255), output: [0xFF] + Array(1...254) + [0x02, 0xFF, 0x00]),
    ]

    @Test(arguments: knownEncodings)
    func encodesLikeThePublishedExamples(_ example: KnownEncoding) {
        #expect(Self.encode(example.input) == example.output)
        let decoded = Self.decode(example.output)
        #expect(decoded.outcome == .frame)
        #expect(decoded.bytes == example.input)
    }

    static let roundTripInputs: [[UInt8]] = [
        [],
        [0x00],
        Array(repeating: 0xAB, count: 253),
        Array(repeating: 0xAB, count: 254),
        Array(repeating: 0xAB, count: 255),
        Array(repeating: 0xAB, count: 254) + [0x00],
        [0x00] + Array(repeating: 0xAB, count: 254) + [0x00] + Array(repeating: 0xCD, count: 4),
        Array(repeating: 0xAB, count: 254) + Array(repeating: 0x5A, count: 6),
        Array(repeating: 0x00, count: 260),
        (0..<260).map { UInt8(truncatingIfNeeded: $0 * 7) },
    ]

    @Test(arguments: roundTripInputs)
    func decodingUndoesEncoding(_ input: [UInt8]) {
        let encoded = Self.encode(input)
        #expect(!encoded.dropLast().contains(0))
        #expect(encoded.count <= input.count + input.count / 254 + 2)
        let decoded = Self.decode(encoded)
        #expect(decoded.outcome == .frame)
        #expect(decoded.bytes == input)
    }

    @Test func aDelimiterInsideABlockIsBadEncoding() {
        #expect(Self.decode([0x05, 0x11, 0x22, 0x00]).outcome == .badEncoding)
    }

    @Test func aDelimiterRightAfterAnotherIsIdle() {
        #expect(Self.decode([0x00]).outcome == .idle)
    }

    @Test func inputBeyondTheLargestFrameIsTooLong() {
        let bytes = Array(repeating: UInt8(0x42), count: 300) + [0x00]
        #expect(Self.decode(bytes).outcome == .tooLong)
    }
}
