/// Reads the payload of a validated frame field by field. A read past the end returns zero and
/// marks the reader failed, so message decoders check once at the end instead of at every field.
public struct PayloadReader {
    @usableFromInline let frame: FrameBuffer
    public private(set) var position: Int
    public let end: Int
    public private(set) var failed = false

    public init(_ frame: ValidatedFrame) {
        self.init(frameBytes: frame.bytes)
    }

    /// The payload of a whole frame's bytes (version, type, payload, CRC) that passed its checks.
    init(frameBytes: FrameBuffer) {
        self.frame = frameBytes
        self.position = 2
        self.end = frameBytes.count - 2
    }

    public var remaining: Int { end - position }
    /// True when every byte was read and none was missing: the payload had exactly the expected length.
    public var isCompleteAndExact: Bool { !failed && position == end }

    public mutating func fail() { failed = true }

    /// Moves past `count` bytes a caller read in place from `frame`; fails past the end.
    mutating func skip(_ count: Int) {
        guard count <= end - position else {
            failed = true
            position = end
            return
        }
        position += count
    }

    public mutating func readUInt8() -> UInt8 {
        guard position < end else {
            failed = true
            return 0
        }
        let byte = frame.elements[position]
        position += 1
        return byte
    }

    public mutating func readUInt16() -> UInt16 {
        let low = UInt16(readUInt8())
        return low | UInt16(readUInt8()) &<< 8
    }

    public mutating func readInt16() -> Int16 { Int16(bitPattern: readUInt16()) }

    public mutating func readUInt32() -> UInt32 {
        let low = UInt32(readUInt16())
        return low | UInt32(readUInt16()) &<< 16
    }

    public mutating func readInt64() -> Int64 {
        let low = UInt64(widening: readUInt32())
        return Int64(bitPattern: low | UInt64(widening: readUInt32()) &<< 32)
    }

    public mutating func readFloat() -> Float { Float(bitPattern: readUInt32()) }

    public mutating func readPoint() -> PanelPoint {
        let x = readFloat()
        return PanelPoint(x: x, y: readFloat())
    }

    /// Reads a byte that must be the raw value of `T`. An unknown value fails the reader and
    /// returns `fallback`, which the caller's final check then discards.
    public mutating func readEnum<T: RawRepresentable>(_ fallback: T) -> T where T.RawValue == UInt8 {
        guard let value = T(rawValue: readUInt8()) else {
            failed = true
            return fallback
        }
        return value
    }
}
