/// The bytes of one frame before COBS: version, type, payload and CRC. Sized for the largest legal
/// frame, so neither the encoder nor the decoder needs any other storage.
public struct FrameBuffer: Sendable {
    @usableFromInline var storage: InlineArray<260, UInt8>
    public private(set) var count: Int = 0
    /// Set when an append did not fit; the frame must not be sent.
    public private(set) var overflowed = false

    public init() {
        storage = InlineArray(repeating: 0)
    }

    public var isFull: Bool { count == WireFormat.maxFrameLength }

    /// The bytes in place, for code that reads many (see `InlineList.elements`: a subscript read
    /// of a borrowed buffer can copy all 260 bytes, for every byte).
    @inlinable
    public var elements: Span<UInt8> {
        @_lifetime(borrow self)
        get { storage.span.extracting(0..<count) }
    }

    /// The frame's bytes through a pointer, for the encoder's loops (`inout`: a borrowed buffer's
    /// span can be a copy of all 260 bytes).
    @inline(__always)
    mutating func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let count = self.count
        var bytes = storage.mutableSpan
        return bytes.withUnsafeMutableBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "FrameBuffer index out of range")
        return storage[position]
    }

    public mutating func removeAll() {
        count = 0
        overflowed = false
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        guard count < WireFormat.maxFrameLength else {
            overflowed = true
            return
        }
        storage[count] = byte
        count += 1
    }

    /// Appends the first `length` bytes of `run` that come before any 0x00, as far as the frame has
    /// room; returns how many it appended. The COBS decoder's bulk step: a frame's data bytes cost a
    /// compare and a store each, with one bounds check for the run instead of one per byte.
    @inline(__always)
    mutating func appendNonZero(_ run: UnsafePointer<UInt8>, upTo length: Int) -> Int {
        let limit = min(length, WireFormat.maxFrameLength - count)
        guard limit > 0 else { return 0 }
        var target = storage.mutableSpan
        let start = count
        var taken = 0
        target.withUnsafeMutableBufferPointer { bytes in
            let destination = bytes.baseAddress! + start
            // Eight bytes a step while none of them is 0x00 (a word has a zero byte exactly when
            // `(w - 0x01...01) & ~w & 0x80...80` is not zero), then byte by byte up to the zero or the end.
            while taken &+ 8 <= limit {
                let word = UnsafeRawPointer(run + taken).loadUnaligned(as: UInt64.self)
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                UnsafeMutableRawPointer(destination + taken).storeBytes(of: word, as: UInt64.self)
                taken &+= 8
            }
            while taken < limit {
                let byte = run[taken]
                if byte == 0 { break }
                destination[taken] = byte
                taken += 1
            }
        }
        count += taken
        return taken
    }

    // Every multi-byte field on the wire is little-endian, the CRC included.

    public mutating func append(_ value: UInt16) { appendLittleEndian(UInt32(value), width: 2) }

    public mutating func append(_ value: Int16) { append(UInt16(bitPattern: value)) }

    public mutating func append(_ value: UInt32) { appendLittleEndian(value, width: 4) }

    /// The low `width` bytes of `bits` (2 or 4), least significant first, with one room check:
    /// a byte at a time, a report's fields were most of what a controller spends framing it.
    /// Where they do not all fit, what fits goes in and the frame is marked overflowed, as
    /// byte-wise appends leave it.
    @inline(__always)
    private mutating func appendLittleEndian(_ bits: UInt32, width: Int) {
        guard count &+ width <= WireFormat.maxFrameLength else {
            var shift: UInt32 = 0
            while shift < UInt32(width) &* 8 {
                append(UInt8(truncatingIfNeeded: bits &>> shift))
                shift &+= 8
            }
            return
        }
        var index = 0
        while index < width {
            storage[unchecked: count &+ index] = UInt8(truncatingIfNeeded: bits &>> UInt32(index &* 8))
            index &+= 1
        }
        count &+= width
    }

    public mutating func append(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        append(UInt32(truncatingIfNeeded: bits))
        append(UInt32(truncatingIfNeeded: bits &>> 32))
    }

    /// IEEE 754 single precision, as the Cortex-M4 FPU and the host both hold it.
    public mutating func append(_ value: Float) { append(value.bitPattern) }

    public mutating func append(_ point: PanelPoint) {
        append(point.x)
        append(point.y)
    }
}
