/// Consistent Overhead Byte Stuffing: removes every 0x00 from a frame at a cost of one byte per
/// 254, so 0x00 can mark frame ends and a receiver finds the next frame after any corruption.
public enum COBS {
    /// Writes the first `count` bytes of `frame` COBS-encoded, then the 0x00 delimiter.
    public static func encode<S: ByteSink>(_ frame: FrameBuffer, count: Int, to sink: inout S) {
        var frame = frame
        frame.withUnsafeBytes { encode(UnsafeBufferPointer(rebasing: $0[..<min(count, $0.count)]), to: &sink) }
    }

    public static func encode<S: ByteSink>(_ frame: FrameBuffer, to sink: inout S) {
        var frame = frame
        encode(&frame, to: &sink)
    }

    /// The frame read where it lies: the encoder's own frame is not copied (264 bytes, for every
    /// message a controller sends).
    @inline(__always)
    public static func encode<S: ByteSink>(_ frame: inout FrameBuffer, to sink: inout S) {
        frame.withUnsafeBytes { encode($0, to: &sink) }
    }

    /// `bytes` COBS-encoded, then the delimiter: each block's end found first, then its code byte
    /// and its bytes written in one run (no per-byte bounds check or block test on the way out).
    @inline(__always)
    static func encode<S: ByteSink>(_ bytes: UnsafeBufferPointer<UInt8>, to sink: inout S) {
        guard let base = bytes.baseAddress else {
            sink.write(1)
            sink.write(WireFormat.delimiter)
            return
        }
        let count = bytes.count
        var start = 0
        while true {
            let limit = min(count, start &+ 254)
            var end = start
            while end < limit && base[end] != 0 { end &+= 1 }
            sink.write(UInt8(truncatingIfNeeded: end &- start &+ 1))
            var index = start
            while index < end {
                sink.write(base[index])
                index &+= 1
            }
            if end == count { break }
            // A block of 254 non-zero bytes (code 0xFF) stands for no zero, so a zero right after it
            // starts the next block; any other block stands for the zero that ended it.
            start = end &- start == 254 ? end : end &+ 1
        }
        sink.write(WireFormat.delimiter)
    }
}

/// Undoes COBS one byte at a time into a fixed buffer: the first stage of `FrameDecoder`.
public struct COBSDecoder: Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The byte was consumed; no frame ended.
        case pending
        /// A delimiter ended a frame; `decoded` holds it.
        case frame
        /// A delimiter came right after another: nothing between them, nothing lost.
        case idle
        /// A delimiter ended input that was not a whole COBS frame: a block was cut short.
        case badEncoding
        /// A delimiter ended input that decoded to more than `WireFormat.maxFrameLength` bytes.
        case tooLong
    }

    public private(set) var decoded = FrameBuffer()
    /// Bytes of the current frame so far, the delimiter included once it arrives.
    public private(set) var inputLength = 0
    private var blockRemaining = 0
    private var zeroPending = false
    /// The last byte was a delimiter: the next one starts a new frame.
    private var frameEnded = false

    public init() {}

    /// Consumes one byte. After any outcome but `.pending` the next byte starts a new frame, and
    /// `decoded` and `inputLength` describe the frame just ended until then.
    @inline(__always)
    public mutating func push(_ byte: UInt8) -> Outcome {
        if frameEnded { startFrame() }
        inputLength += 1
        if byte == WireFormat.delimiter {
            frameEnded = true
            if inputLength == 1 { return .idle }
            if decoded.overflowed { return .tooLong }
            return blockRemaining == 0 ? .frame : .badEncoding
        }
        if decoded.overflowed { return .pending }
        if blockRemaining == 0 {
            // A code byte. The zero the previous block stood for is written only now, because the
            // last block of a frame stands for no zero.
            if zeroPending { decoded.append(UInt8(0)) }
            blockRemaining = Int(byte) - 1
            zeroPending = byte != 0xFF
        } else {
            decoded.append(byte)
            blockRemaining -= 1
        }
        return .pending
    }

    /// Takes, from `bytes` at `start`, the data bytes the current block still expects, stopping
    /// before a 0x00 (a delimiter is `push`'s to handle) and where the frame has no more room;
    /// returns how many it took: 0 when the next byte must go through `push` (a code byte, a
    /// delimiter, the first byte after a frame ended, or a frame that overflowed). The same state
    /// and `decoded` as pushing those bytes one at a time.
    @inline(__always)
    mutating func takeBlockData(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard blockRemaining > 0, !frameEnded, !decoded.overflowed else { return 0 }
        let taken = decoded.appendNonZero(bytes.baseAddress! + start, upTo: min(blockRemaining, bytes.count - start))
        blockRemaining -= taken
        inputLength += taken
        return taken
    }

    /// The decoded frame's bytes through a pointer, read where they lie.
    @inline(__always)
    mutating func withDecodedBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        decoded.withUnsafeBytes(body)
    }

    private mutating func startFrame() {
        decoded.removeAll()
        inputLength = 0
        blockRemaining = 0
        zeroPending = false
        frameEnded = false
    }
}
