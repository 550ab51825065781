import TouchCore

/// The controller's per-scan work after the front end: baseline and delta, peaks, sub-node
/// positions, contact ids. Every stage is O(nodes) or O(contacts^2), never O(history).
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
    /// Around last scan's peaks: the baseline holds still there, skirt nodes included.
    private var frozen = NodeRegionList(filler: .empty)
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

    public mutating func recalibrate() { baseline.recalibrate() }

    public mutating func reset() {
        tracker.reset()
        baseline.recalibrate()
        frozen.removeAll()
        noiseGate.reset()
    }

    /// Turns one frame of raw counts into contacts; `counts` holds the deltas afterwards.
    public mutating func process(_ counts: inout CountGrid, timestamp: Microseconds, sequence: UInt32) -> ScanResult {
        var result = ScanResult(timestamp: timestamp, sequence: sequence)
        let noise = noiseGate.assess(raw: counts, baseline: baseline, settings: settings)
        if noise.isNoisy { NoiseGate.holdEveryNode(&frozen) }
        baseline.process(&counts, settings: settings, frozen: frozen)
        PeakDetector.findPeaks(in: counts, threshold: noise.peakThreshold, into: &peaks)
        located.removeAll()
        frozen.removeAll()
        let reachX = Int(2.5 * board.touchProfileSigma / board.nodePitchX) + 1
        let reachY = Int(2.5 * board.touchProfileSigma / board.nodePitchY) + 1
        for i in peaks.indices {
            let peak = peaks[i]
            located.append(
                LocatedPeak(
                    position: interpolator.locate(peak, in: counts), delta: peak.delta,
                    shape: WireShape(shapeMeter.measure(peak, in: counts))))
            frozen.append(
                NodeRegion(
                    firstColumn: peak.column - reachX, lastColumn: peak.column + reachX,
                    firstRow: peak.row - reachY, lastRow: peak.row + reachY))
        }
        palmFilter.apply(peaks: &peaks, located: &located, in: counts)
        tracker.update(located, settings: settings, noise: noise, result: &result)
        return result
    }
}
