import TouchCore

// libFuzzer target `frame-decoder`: arbitrary link bytes into FrameDecoder, one at a time.
// Checks, besides "no crash, no out-of-bounds access" (AddressSanitizer):
// - every input byte is accounted for: in a decoded frame, an idle delimiter, or skippedBytes;
// - each delimiter ends exactly one thing: a frame, a rejection, or nothing (an idle 0x00);
// - whatever decodes re-encodes (FrameEncoder) to bytes that decode to the same message;
// - the whole input in one read (`decode(_:contacts:other:)`, block-wise COBS and contact reports
//   parsed in place) gives the same frames and statistics as byte by byte.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrameDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var decoder = FrameDecoder()
    var pushed: [DecodedFrame] = []
    var accepted = 0
    var idle = 0
    var segment = 0
    for position in 0..<size {
        let byte = data[position]
        let rejectedBefore = decoder.statistics.rejectedFrames
        let framesBefore = decoder.statistics.frames
        let decoded = decoder.push(byte)
        segment += 1
        let rejected = decoder.statistics.rejectedFrames - rejectedBefore
        if let decoded {
            precondition(byte == 0, "a frame completed on a byte other than the delimiter")
            precondition(decoder.statistics.frames == framesBefore + 1, "decoded frame not counted")
            accepted += segment
            checkRoundTrip(decoded)
            pushed.append(decoded)
        }
        if byte == 0 {
            let outcomes = (decoded == nil ? 0 : 1) + rejected
            if segment == 1 && outcomes == 0 {
                idle += 1
            } else {
                precondition(outcomes == 1, "a delimiter ended \(outcomes) things")
            }
            segment = 0
            precondition(
                accepted + idle + decoder.statistics.skippedBytes == position + 1,
                "bytes unaccounted for: \(accepted) in frames + \(idle) idle + \(decoder.statistics.skippedBytes) skipped != \(position + 1)")
        } else {
            precondition(decoded == nil && rejected == 0, "only a delimiter ends a frame")
        }
    }
    precondition(decoder.statistics.bytes == size)
    checkOneRead(data, size, gives: pushed, decoder.statistics)
    return 0
}

/// The input as one read gives the frames byte-wise decoding gave, in order (compared as bytes:
/// a float field may hold a NaN), and the same statistics.
func checkOneRead(_ data: UnsafePointer<UInt8>, _ size: Int, gives pushed: [DecodedFrame], _ statistics: DecoderStatistics) {
    var decoder = FrameDecoder()
    var frames: [DecodedFrame] = []
    decoder.decode(
        UnsafeBufferPointer(start: data, count: size),
        contacts: { report, _ in frames.append(.device(.contacts(report))) },
        other: { frame, _ in frames.append(frame) })
    precondition(frames.count == pushed.count, "one read decoded \(frames.count) frames, byte-wise \(pushed.count)")
    for index in frames.indices {
        let read = encoded(frames[index]), byteWise = encoded(pushed[index])
        precondition(
            read.count == byteWise.count && (0..<read.count).allSatisfy { read.bytes[$0] == byteWise.bytes[$0] },
            "one read decoded \(frames[index]), byte-wise \(pushed[index])")
    }
    precondition(decoder.statistics == statistics, "one read counted \(decoder.statistics), byte-wise \(statistics)")
}

/// Bytes that decoded must mean the same after a trip through the encoder: the message encodes,
/// the encoding decodes to one frame, and that frame encodes to the same bytes again. (Bytes, not
/// `==`: a float field may hold a NaN, which equals nothing.)
func checkRoundTrip(_ decoded: DecodedFrame) {
    let first = encoded(decoded)
    var decoder = FrameDecoder()
    var again: DecodedFrame?
    for index in 0..<first.count {
        if let frame = decoder.push(first.bytes[index]) {
            precondition(again == nil, "one message re-encoded to two frames")
            again = frame
        }
    }
    guard let again else { preconditionFailure("re-encoded message does not decode: \(decoded)") }
    let second = encoded(again)
    precondition(
        first.count == second.count && (0..<first.count).allSatisfy { first.bytes[$0] == second.bytes[$0] },
        "re-encoded message decodes differently: \(decoded) -> \(again)")
}

func encoded(_ frame: DecodedFrame) -> FuzzByteSink {
    var sink = FuzzByteSink()
    switch frame {
    case .device(let message): FrameEncoder.encode(message, to: &sink)
    case .command(let command): FrameEncoder.encode(command, to: &sink)
    }
    return sink
}

struct FuzzByteSink: ByteSink {
    var bytes = [UInt8](repeating: 0, count: 512)
    var count = 0
    mutating func write(_ byte: UInt8) {
        precondition(count < bytes.count, "an encoded frame longer than the protocol's maximum")
        bytes[count] = byte
        count += 1
    }
}
