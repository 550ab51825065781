/// The one seeded random generator of the tests and the benchmarks: SplitMix64 (Steele, Lea and
/// Flood 2014), 64 bits of state, so every random stream a test or a benchmark uses is the same on
/// every run and machine and can be repeated from its seed. Not for the product: the firmware has
/// its own (`Xorshift32`, Embedded and allocation-free), the host never needs one.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Float in `range`.
    public mutating func uniform(_ range: ClosedRange<Float>) -> Float {
        Float.random(in: range, using: &self)
    }
}
