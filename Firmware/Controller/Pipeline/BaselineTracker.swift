import TouchCore

/// Tracks each node's untouched count and turns raw counts into deltas (baseline minus raw, so a
/// finger is positive). The baseline follows slow drift, stands still under a touch so a held
/// finger is not absorbed, and snaps back quickly where a touch present at calibration has lifted.
public struct BaselineTracker: Sendable {
    /// Counts in Q8 fixed point: the slow IIR needs sub-count resolution.
    private var baseline: InlineArray<5376, Int32>
    private var needsCalibration = true
    /// The mean baseline step of the tracked nodes in the last scan. Frozen nodes take it so they
    /// follow panel-wide drift while a finger rests on them.
    private var commonModeStep: Int32 = 0
    private let recoveryShift: Int32 = 2
    private var frozenFirstColumn: InlineArray<80, Int16> = InlineArray(repeating: 0)
    private var frozenLastColumn: InlineArray<80, Int16> = InlineArray(repeating: 0)

    public init() {
        baseline = InlineArray(repeating: 0)
    }

    public var isCalibrated: Bool { !needsCalibration }

    /// The next scan becomes the new baseline, as on power-up.
    public mutating func recalibrate() {
        needsCalibration = true
    }

    /// Baseline of one node in counts, for diagnostics.
    public func value(at index: Int) -> Float { Float(Int(baseline[index])) / 256 }

    public mutating func process(
        _ counts: inout CountGrid, settings: ScanSettings, frozen regions: NodeRegionList
    ) {
        let nodeCount = counts.nodeCount
        if needsCalibration {
            for i in 0..<nodeCount {
                baseline[i] = Int32(counts[i]) &<< 8
                counts[i] = 0
            }
            needsCalibration = false
            commonModeStep = 0
            return
        }
        let gate = Int32(settings.baselineGate)
        let shift = settings.baselineShift
        let columns = counts.columns
        markFrozenSpans(regions, rows: counts.rows)
        // Wrapping arithmetic and masking shifts in the node loops: the values are bounded (counts
        // are Int16 in Q8), and overflow checks would double the per-node cost on a Cortex-M4.
        var stepSum: Int32 = 0
        var tracked: Int32 = 0
        var index = 0
        for row in 0..<counts.rows {
            let frozenFirst = Int(frozenFirstColumn[row])
            let frozenLast = Int(frozenLastColumn[row])
            for column in 0..<columns {
                let raw = Int32(counts[index]) &<< 8
                let old = baseline[index]
                let delta = (old &- raw &+ 128) &>> 8
                counts[index] = Int16(clamping: delta)
                if delta >= gate || (column >= frozenFirst && column <= frozenLast) {
                    baseline[index] = old &+ commonModeStep
                } else if delta <= -gate {
                    baseline[index] = old &+ ((raw &- old) &>> recoveryShift)
                } else {
                    let step = (raw &- old) &>> shift
                    baseline[index] = old &+ step
                    stepSum &+= step
                    tracked &+= 1
                }
                index &+= 1
            }
        }
        commonModeStep = tracked > 0 ? stepSum / tracked : 0
    }

    /// One span of columns per row, the hull of the regions crossing it: checking a span per node
    /// is cheaper than checking every region, and freezing the few nodes between two fingers on
    /// the same row for a while costs nothing.
    private mutating func markFrozenSpans(_ regions: NodeRegionList, rows: Int) {
        for row in 0..<rows {
            frozenFirstColumn[row] = Int16.max
            frozenLastColumn[row] = -1
        }
        for i in regions.indices {
            let region = regions[i]
            let top = max(0, region.firstRow)
            let bottom = min(rows - 1, region.lastRow)
            if top > bottom { continue }
            for row in top...bottom {
                frozenFirstColumn[row] = min(frozenFirstColumn[row], Int16(clamping: region.firstColumn))
                frozenLastColumn[row] = max(frozenLastColumn[row], Int16(clamping: region.lastColumn))
            }
        }
    }
}
