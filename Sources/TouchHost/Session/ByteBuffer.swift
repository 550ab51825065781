import TouchCore

/// A growable `ByteSink` for the host side: encoded frames on their way to a link.
public struct ByteBuffer: ByteSink {
    public var bytes: [UInt8] = []

    public init() {}

    public mutating func write(_ byte: UInt8) { bytes.append(byte) }
}
