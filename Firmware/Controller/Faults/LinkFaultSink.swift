import TouchCore

/// A `ByteSink` in front of the real one that loses bytes and flips bits at per-mille rates per
/// byte, as a noisy cable or an overrun UART does. Seeded, so a faulty run can be repeated.
public struct LinkFaultSink<Base: ByteSink>: ByteSink {
    public var base: Base
    public var byteLoss: UInt16
    public var bitFlips: UInt16
    private var random: Xorshift32

    public init(base: Base, byteLoss: UInt16, bitFlips: UInt16, random: Xorshift32) {
        self.base = base
        self.byteLoss = byteLoss
        self.bitFlips = bitFlips
        self.random = random
    }

    public var randomState: Xorshift32 { random }

    public mutating func write(_ byte: UInt8) {
        if byteLoss > 0 && random.next() % 1000 < UInt32(byteLoss) { return }
        if bitFlips > 0 && random.next() % 1000 < UInt32(bitFlips) {
            base.write(byte ^ UInt8(1 << (random.next() & 7)))
            return
        }
        base.write(byte)
    }
}
