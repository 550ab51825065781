import TouchCore

/// `--faults` for the emulator: comma-separated `name=per-mille` rates and one-shot words, e.g.
/// `byte-loss=5,lost-lifts=50,reset,seed=7`. Rates are per mille per byte (byte-loss, bit-flips)
/// or per report (noise, lost-lifts, id-reuse, duplicates), as in `FaultSettings`.
public struct FaultSpec: Sendable {
    public var settings: FaultSettings

    public static let rateNames = ["byte-loss", "bit-flips", "noise", "lost-lifts", "id-reuse", "duplicates"]

    public static func parse(_ text: String) throws(HostFailure) -> FaultSpec {
        var settings = FaultSettings()
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            if parts.count == 1 {
                switch name {
                case "reset": settings.resetController = true
                case "drop-link": settings.dropLink = true
                default: throw HostFailure("'\(name)' needs a value (\(name)=N)")
                }
                continue
            }
            if name == "seed" {
                guard let seed = UInt32(parts[1]) else { throw HostFailure("seed '\(parts[1])' is not a whole number") }
                settings.seed = seed
                continue
            }
            guard let rate = UInt16(parts[1]), rate <= FaultSettings.maxPerMille else {
                throw HostFailure("\(name) '\(parts[1])' is not a rate in 0...1000 per mille")
            }
            switch name {
            case "byte-loss": settings.byteLoss = rate
            case "bit-flips": settings.bitFlips = rate
            case "noise": settings.noiseBursts = rate
            case "lost-lifts": settings.lostLifts = rate
            case "id-reuse": settings.idReuse = rate
            case "duplicates": settings.duplicateContacts = rate
            default:
                throw HostFailure("unknown fault '\(name)' (known: \((rateNames + ["reset", "drop-link", "seed"]).joined(separator: ", ")))")
            }
        }
        return FaultSpec(settings: settings)
    }
}
