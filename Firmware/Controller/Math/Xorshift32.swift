import TouchCore

/// The firmware's seeded random source: xorshift32 (Marsaglia 2003), a handful of cycles per
/// number on a Cortex-M4, seeded through SplitMix64 so nearby seeds give unrelated streams.
/// Same seed, same stream: every emulator run is reproducible.
public struct Xorshift32: Sendable {
    private var state: UInt32

    public init(seed: UInt64) {
        // Masking shifts: smart shifts on UInt64 are generic on a 32-bit target and allocate.
        var z = seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z &>> 31
        let folded = UInt32(truncatingIfNeeded: z ^ (z &>> 32))
        state = folded == 0 ? 0x6D2B_79F5 : folded
    }

    /// For 32-bit seeds (the wire protocol's fault seed): mixed like the 64-bit ones.
    public init(seed32: UInt32) {
        self.init(seed: UInt64(_truncatingBits: UInt(seed32)))
    }

    @inline(__always)
    public mutating func next() -> UInt32 {
        var x = state
        x ^= x << 13
        x ^= x >> 17
        x ^= x << 5
        state = x
        return x
    }

    /// Uniform in [0, 1).
    public mutating func nextUnit() -> Float {
        Float(Int(truncatingIfNeeded: next() >> 8)) * (1.0 / 16_777_216.0)
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Float) -> Bool {
        probability > 0 && nextUnit() < probability
    }

    /// Roughly normal with unit variance: the sum of four random bytes (Irwin-Hall), bounded at
    /// about +-3.4 sigma, which is what a front end's filtered noise looks like too.
    @inline(__always)
    public mutating func nextByteSum() -> Int32 {
        let r = next()
        return Int32(r & 0xff) &+ Int32((r >> 8) & 0xff) &+ Int32((r >> 16) & 0xff) &+ Int32(r >> 24) &- 510
    }

    /// Standard deviation of `nextByteSum()`.
    public static let byteSumSigma: Float = 147.8
}
