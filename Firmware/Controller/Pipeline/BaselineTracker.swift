import TouchCore

/// Tracks each node's untouched count and turns raw counts into deltas (baseline minus raw, so a
/// finger is positive). The baseline follows slow drift, stands still under a touch so a held
/// finger is not absorbed, and snaps back quickly where a touch present at calibration has lifted.
///
/// It is the scan's one pass over every node: while it makes the deltas it also lists the nodes
/// that could be peaks (`PeakCandidates`), so nothing else has to visit all of them.
public struct BaselineTracker: Sendable {
    /// Counts in unsigned Q4 fixed point (0 to 4095.9 counts; the front end's counts stay near
    /// 2000): the slow IIR needs sub-count resolution, and 16 bits per node halve the largest
    /// buffer on the MCU. Steps are rounded, not floored, so the coarse fraction adds no bias.
    private(set) var nodes: NodeBuffer
    private var needsCalibration = true
    /// The mean baseline step of the tracked nodes in the last scan. Held nodes take it so they
    /// follow panel-wide drift while a finger rests on them.
    private var commonModeStep: Int32 = 0
    /// Per row, the span of columns whose baseline holds in the next scan (first > last: none):
    /// the hull of the regions held on that row. Checking one span per node is cheaper than
    /// checking every region, and holding the few nodes between two fingers on the same row for
    /// a while costs nothing.
    private var heldFirstColumn: InlineArray<80, Int16> = InlineArray(repeating: Int16.max)
    private var heldLastColumn: InlineArray<80, Int16> = InlineArray(repeating: -1)

    public init() {
        nodes = NodeBuffer()
    }

    public var isCalibrated: Bool { !needsCalibration }

    /// The next scan becomes the new baseline, as on power-up.
    public mutating func recalibrate() {
        needsCalibration = true
    }

    /// Baseline of one node in counts, for diagnostics.
    public func value(at index: Int) -> Float { Float(Int(nodes[index])) / 16 }

    /// The baseline under `region` holds in the next scan (taking only the common-mode step).
    public mutating func hold(_ region: NodeRegion) {
        let top = max(0, region.firstRow)
        let bottom = min(SensorGridLimits.maxRows - 1, region.lastRow)
        if top > bottom { return }
        let first = Int16(clamping: region.firstColumn)
        let last = Int16(clamping: region.lastColumn)
        for row in top...bottom {
            heldFirstColumn[row] = min(heldFirstColumn[row], first)
            heldLastColumn[row] = max(heldLastColumn[row], last)
        }
    }

    /// While noisy the baseline learns nothing: a burst would pull it off by a quarter of the
    /// noise where the noise went negative, and leave phantom deltas behind.
    public mutating func holdEveryNode() {
        hold(NodeRegion(firstColumn: 0, lastColumn: Int(Int16.max), firstRow: 0, lastRow: Int(Int16.max)))
    }

    /// Turns `counts` into deltas, moves the baseline, releases the holds, and lists in
    /// `candidates` the nodes whose delta reaches `peakThreshold`, in scan order.
    public mutating func process(
        _ counts: inout CountGrid, settings: ScanSettings, peakThreshold: Int16, candidates: inout PeakCandidates
    ) {
        candidates.removeAll()
        let rows = counts.rows
        if needsCalibration {
            for i in 0..<counts.nodeCount {
                nodes[i] = UInt16(clamping: Int32(counts[i]) &<< 4)
                counts[i] = 0
            }
            needsCalibration = false
            commonModeStep = 0
            releaseHolds(rows: rows)
            return
        }
        var pass = NodePass(
            gate: Int32(settings.baselineGate), shift: settings.baselineShift, commonModeStep: commonModeStep,
            peakThreshold: Int32(peakThreshold))
        let columns = counts.columns
        // Every node index below is under rows x columns, which CountGrid's init keeps within
        // both buffers: the pass reads and writes them unchecked.
        precondition(counts.nodeCount <= SensorGridLimits.maxNodes)
        var deltaBytes = counts.storage.bytes.mutableSpan
        var baselineBytes = nodes.bytes.mutableSpan
        var deltas = deltaBytes.mutableBytes
        var baselines = baselineBytes.mutableBytes
        // Runs of tracked nodes go on across row ends; each row's held span interrupts them.
        var trackedFrom = 0
        var rowStart = 0
        for row in 0..<rows {
            let heldFirst = min(max(Int(heldFirstColumn[row]), 0), columns)
            let heldEnd = max(min(Int(heldLastColumn[row]) + 1, columns), heldFirst)
            if heldFirst < heldEnd {
                pass.track(trackedFrom, rowStart + heldFirst, &deltas, &baselines, &candidates)
                pass.hold(rowStart + heldFirst, rowStart + heldEnd, &deltas, &baselines, &candidates)
                trackedFrom = rowStart + heldEnd
            }
            rowStart += columns
        }
        pass.track(trackedFrom, rowStart, &deltas, &baselines, &candidates)
        commonModeStep = pass.tracked > 0 ? pass.stepSum / pass.tracked : 0
        releaseHolds(rows: rows)
    }

    private mutating func releaseHolds(rows: Int) {
        for row in 0..<rows {
            heldFirstColumn[row] = Int16.max
            heldLastColumn[row] = -1
        }
    }
}

/// The per-node work of one baseline pass over a run of nodes. Most nodes are quiet (no touch,
/// no candidate): one range check sends them down a short path, and every other case takes the
/// long one. Wrapping arithmetic and masking shifts: the values are bounded (counts are Int16,
/// the baseline UInt16 in Q4), and overflow checks would double the per-node cost on a Cortex-M4.
private struct NodePass {
    static let recoveryShift: Int32 = 2
    let gate: Int32
    let shift: Int32
    let half: Int32
    let commonModeStep: Int32
    let peakThreshold: Int32
    /// A node is quiet when its delta d is within -gate < d < min(gate, peakThreshold); in Q4
    /// units of baseline minus raw (q), that is UInt32(q + quietBias) < quietSpan.
    let quietBias: Int32
    let quietSpan: UInt32
    var stepSum: Int32 = 0
    var tracked: Int32 = 0

    init(gate: Int32, shift: Int32, commonModeStep: Int32, peakThreshold: Int32) {
        self.gate = gate
        self.shift = shift
        half = (1 as Int32) &<< (shift &- 1)
        self.commonModeStep = commonModeStep
        self.peakThreshold = peakThreshold
        quietBias = 8 &+ 16 &* (gate &- 1)
        quietSpan = UInt32(max(0, 16 &* (min(gate, peakThreshold) &+ gate &- 1)))
    }

    /// Nodes `start..<end` (indices both buffers hold): the baseline follows the raw count where
    /// the delta is small, holds under a touch, and recovers fast where the count rose above it.
    /// Out of line, with the hot constants in locals, so that the quiet path keeps them all in
    /// registers.
    @inline(never)
    mutating func track(
        _ start: Int, _ end: Int, _ deltas: inout MutableRawSpan, _ baselines: inout MutableRawSpan,
        _ candidates: inout PeakCandidates
    ) {
        let quietBias = quietBias
        let quietSpan = quietSpan
        let half = half
        let shift = shift
        var quietSteps: Int32 = 0
        // Counted here and taken back for the nodes that turn out not to follow.
        tracked &+= Int32(truncatingIfNeeded: end &- start)
        var index = start
        while index < end {
            let raw = Int32(deltas.int16(atNode: index))
            let old = Int32(baselines.uint16(atNode: index))
            let difference = old &- raw &<< 4
            if _fastPath(UInt32(bitPattern: difference &+ quietBias) < quietSpan) {
                // Within +-gate, so the delta fits Int16 as it is.
                let delta = (difference &+ 8) &>> 4
                deltas.store(Int16(truncatingIfNeeded: delta), atNode: index)
                let step = (half &- difference) &>> shift
                quietSteps &+= step
                baselines.store(NodePass.saturated(old &+ step), atNode: index)
            } else {
                settle(index, old: old, difference: difference, &deltas, &baselines, &candidates)
            }
            index &+= 1
        }
        stepSum &+= quietSteps
    }

    /// A node that is not quiet: under a touch, above the baseline, or a peak candidate.
    @inline(never)
    private mutating func settle(
        _ index: Int, old: Int32, difference: Int32, _ deltas: inout MutableRawSpan, _ baselines: inout MutableRawSpan,
        _ candidates: inout PeakCandidates
    ) {
        let delta = (difference &+ 8) &>> 4
        deltas.store(Int16(clamping: delta), atNode: index)
        let new: Int32
        if delta >= gate {
            new = old &+ commonModeStep
            tracked &-= 1
        } else if delta <= -gate {
            new = old &+ ((0 &- difference) &>> NodePass.recoveryShift)
            tracked &-= 1
        } else {
            let step = (half &- difference) &>> shift
            stepSum &+= step
            new = old &+ step
        }
        baselines.store(NodePass.saturated(new), atNode: index)
        if delta >= peakThreshold { candidates.append(index) }
    }

    /// Nodes `start..<end` under a touch (or all, while noisy): only the common-mode step.
    @inline(never)
    func hold(
        _ start: Int, _ end: Int, _ deltas: inout MutableRawSpan, _ baselines: inout MutableRawSpan,
        _ candidates: inout PeakCandidates
    ) {
        let commonModeStep = commonModeStep
        let peakThreshold = peakThreshold
        var index = start
        while index < end {
            let raw = Int32(deltas.int16(atNode: index))
            let old = Int32(baselines.uint16(atNode: index))
            let delta = (old &- raw &<< 4 &+ 8) &>> 4
            baselines.store(NodePass.saturated(old &+ commonModeStep), atNode: index)
            if _fastPath(delta < peakThreshold) {
                // From -32767 (a raw count of Int16.max) to below the threshold: it fits Int16.
                deltas.store(Int16(truncatingIfNeeded: delta), atNode: index)
            } else {
                deltas.store(Int16(clamping: delta), atNode: index)
                candidates.append(index)
            }
            index &+= 1
        }
    }

    /// `UInt16(clamping:)` in the form the compiler turns into one saturating instruction.
    @inline(__always)
    private static func saturated(_ value: Int32) -> UInt16 {
        UInt16(truncatingIfNeeded: min(max(value, 0), 0xFFFF))
    }
}
