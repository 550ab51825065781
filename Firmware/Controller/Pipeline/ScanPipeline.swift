import TouchCore

/// The controller's per-scan work after the front end: baseline and delta, peaks, sub-node
/// positions, contact ids. One pass visits every node (`BaselineTracker.process`); the stages
/// after it look only at the nodes it listed and around the peaks among them. Every stage is
/// O(nodes) or O(contacts^2), never O(history).
public struct ScanPipeline: Sendable {
    public let board: BoardDefinition
    public var settings: ScanSettings
    public private(set) var baseline = BaselineTracker()
    private let interpolator: CentroidInterpolator
    private let shapeMeter: ContactShapeMeter
    private let palmFilter: PalmFilter
    private var tracker: ContactTracker
    private var peaks = PeakList(filler: .placeholder)
    private var located = LocatedPeakList(filler: .placeholder)
    private var candidates = PeakCandidates()
    public private(set) var noiseGate: NoiseGate

    public init(board: BoardDefinition) {
        precondition(board.isSupported, "board does not fit the firmware's buffers")
        self.board = board
        settings = ScanSettings(board: board)
        interpolator = CentroidInterpolator(board: board)
        shapeMeter = ContactShapeMeter(board: board)
        palmFilter = PalmFilter(board: board)
        tracker = ContactTracker(board: board)
        noiseGate = NoiseGate(board: board, settings: settings)
    }

    public var liveContacts: Int { tracker.liveCount }
    /// The last scan found a contact, or a touch still being debounced: an idle controller wakes.
    public var seesTouch: Bool { tracker.liveCount > 0 || tracker.pendingCount > 0 }

    public mutating func recalibrate() { baseline.recalibrate() }

    public mutating func reset() {
        tracker.reset()
        baseline.recalibrate()
        noiseGate.reset()
    }

    /// Turns one frame of raw counts into contacts; `counts` holds the deltas afterwards.
    public mutating func process(_ counts: inout CountGrid, timestamp: Microseconds, sequence: UInt32) -> ScanResult {
        var result = ScanResult(timestamp: timestamp, sequence: sequence)
        let noise = noiseGate.assess(raw: counts, baseline: baseline, settings: settings)
        if noise.isNoisy { baseline.holdEveryNode() }
        baseline.process(&counts, settings: settings, peakThreshold: noise.peakThreshold, candidates: &candidates)
        PeakDetector.findPeaks(in: counts, among: &candidates, threshold: noise.peakThreshold, into: &peaks)
        located.removeAll()
        let reachX = Int(2.5 * board.touchProfileSigma / board.nodePitchX) + 1
        let reachY = Int(2.5 * board.touchProfileSigma / board.nodePitchY) + 1
        for i in peaks.indices {
            let peak = peaks[i]
            located.append(
                LocatedPeak(
                    position: interpolator.locate(peak, in: counts), delta: peak.delta,
                    shape: WireShape(shapeMeter.measure(peak, in: counts))))
            // Around this scan's peaks, skirt nodes included, the baseline holds still next scan.
            baseline.hold(
                NodeRegion(
                    firstColumn: peak.column - reachX, lastColumn: peak.column + reachX,
                    firstRow: peak.row - reachY, lastRow: peak.row + reachY))
        }
        palmFilter.apply(peaks: &peaks, located: &located, in: counts)
        tracker.update(located, settings: settings, noise: noise, result: &result)
        return result
    }
}
