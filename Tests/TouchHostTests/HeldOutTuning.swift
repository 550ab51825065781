/// How a threshold is chosen from data (docs/strokes.md): a stroke passes when its measure is at
/// most the threshold. A cut between two neighbouring measured values errs by the share of target
/// strokes above it plus the share of other strokes at or below it. The threshold is the middle of
/// the range of cuts around the best one that err at most `slack` more than it, so it sits between
/// the classes rather than at the edge of the strokes it was tuned on. Past the largest value, the
/// range ends as far above it as the targets' own values spread.
enum HeldOutTuning {
    static let slack = 0.005

    /// How a threshold is chosen from the training subjects' measures.
    enum Rule: Sendable {
        /// `threshold(target:others:)`: the least error, target misses and other hits weighed alike.
        case balanced
        /// `aboveEveryTarget(target:others:)`: for a test that may only remove what is clearly
        /// not the target, and for a tolerance the targets need.
        case aboveEveryTarget

        func threshold(target: [Float], others: [Float]) -> Float {
            switch self {
            case .balanced: return HeldOutTuning.threshold(target: target, others: others)
            case .aboveEveryTarget: return HeldOutTuning.aboveEveryTarget(target: target, others: others)
            }
        }
    }

    /// Midway between the largest target value and the smallest other value above it: every
    /// training target passes, and the cut sits as far from the nearest other stroke as from the
    /// nearest target. With no other stroke above, as far above the largest target as the
    /// targets' own values spread, halved (the `balanced` rule's end of range).
    static func aboveEveryTarget(target: [Float], others: [Float]) -> Float {
        guard let top = target.max(), let bottom = target.min() else { return 0 }
        if let next = others.filter({ $0 > top }).min() { return (top + next) / 2 }
        return top + max(top - bottom, 1e-3) / 2
    }

    static func threshold(target: [Float], others: [Float]) -> Float {
        let values = (target.map { ($0, true) } + others.map { ($0, false) }).sorted { $0.0 < $1.0 }
        guard let smallest = values.first?.0, let largest = values.last?.0 else { return 0 }
        let targetSpan = max((target.max() ?? largest) - (target.min() ?? smallest), 1e-3)
        // Cuts: just below every value, and past the largest.
        var cuts: [(low: Float, high: Float, error: Double)] = []
        var targetsAbove = target.count, othersBelow = 0
        let nt = Double(max(target.count, 1)), no = Double(max(others.count, 1))
        cuts.append((smallest - targetSpan, smallest, Double(targetsAbove) / nt))
        var i = 0
        while i < values.count {
            let value = values[i].0
            while i < values.count && values[i].0 == value {
                if values[i].1 { targetsAbove -= 1 } else { othersBelow += 1 }
                i += 1
            }
            let high = i < values.count ? values[i].0 : largest + targetSpan
            cuts.append((value, high, Double(targetsAbove) / nt + Double(othersBelow) / no))
        }
        let best = cuts.indices.min { cuts[$0].error < cuts[$1].error }!
        let limit = cuts[best].error + slack
        var first = best, last = best
        while first > 0 && cuts[first - 1].error <= limit { first -= 1 }
        while last < cuts.count - 1 && cuts[last + 1].error <= limit { last += 1 }
        return (cuts[first].low + cuts[last].high) / 2
    }
}
