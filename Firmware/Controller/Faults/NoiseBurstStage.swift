/// Bursts of interference on the panel, like a phone charger's common-mode noise: at a per-mille
/// rate per scan a burst starts and raises the front end's noise for a few scans, which jitters
/// contacts and can raise phantom touches that the debounce must catch.
public struct NoiseBurstStage: Sendable {
    public var rate: UInt16 = 0
    public static let burstScans = 3
    public static let burstNoiseScale: Float = 12

    private var random: Xorshift32
    private var scansLeft = 0

    public init(seed: UInt32 = 0) {
        random = Xorshift32(seed32: seed ^ 0x5EED_B057)
    }

    public mutating func configure(seed: UInt32, rate: UInt16) {
        self = NoiseBurstStage(seed: seed)
        self.rate = rate
    }

    /// The noise scale for the next scan.
    public mutating func nextNoiseScale() -> Float {
        if scansLeft == 0 && rate > 0 && random.next() % 1000 < UInt32(rate) { scansLeft = NoiseBurstStage.burstScans }
        guard scansLeft > 0 else { return 1 }
        scansLeft -= 1
        return NoiseBurstStage.burstNoiseScale
    }
}
