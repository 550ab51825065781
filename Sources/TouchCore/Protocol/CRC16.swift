/// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor).
/// Table-driven, four bytes a step (`crc16Slices`): every byte the host reads passes through it,
/// and a chain of shifts a byte was most of the decoder's time.
public struct CRC16: Sendable {
    public private(set) var value: UInt16 = 0xFFFF

    public init() {}

    @inline(__always)
    public mutating func update(_ byte: UInt8) {
        value = (value &<< 8) ^ Self.slice(0, UInt8(truncatingIfNeeded: value &>> 8) ^ byte)
    }

    /// Folds in four bytes at once: the CRC so far meets the first two, and each byte's
    /// contribution comes from its own table, looked up independently of the others.
    @inline(__always)
    mutating func update(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) {
        value = Self.slice(3, UInt8(truncatingIfNeeded: value &>> 8) ^ b0)
            ^ Self.slice(2, UInt8(truncatingIfNeeded: value) ^ b1)
            ^ Self.slice(1, b2) ^ Self.slice(0, b3)
    }

    @inline(__always)
    static func slice(_ k: Int, _ index: UInt8) -> UInt16 {
        crc16Slices[unchecked: k &* 256 &+ Int(index)]
    }

    /// The CRC of `count` bytes of `frame` from its start.
    public static func checksum(of frame: FrameBuffer, count: Int) -> UInt16 {
        checksum(of: frame.elements.extracting(0..<count))
    }

    public static func checksum(of bytes: Span<UInt8>) -> UInt16 {
        bytes.withUnsafeBufferPointer { checksum(of: $0) }
    }

    /// Four bytes a step through a pointer: no bounds check per byte (a quarter of the CRC's
    /// instructions on the Cortex-M4).
    @inline(__always)
    static func checksum(of bytes: UnsafeBufferPointer<UInt8>) -> UInt16 {
        var crc = CRC16()
        guard let base = bytes.baseAddress else { return crc.value }
        let count = bytes.count
        var index = 0
        let whole = count & ~3
        while index < whole {
            crc.update(base[index], base[index &+ 1], base[index &+ 2], base[index &+ 3])
            index &+= 4
        }
        while index < count {
            crc.update(base[index])
            index &+= 1
        }
        return crc.value
    }
}
