import TouchCore

/// Tells noisy scans from quiet ones, as a controller's noise suppression does: interference (a
/// charger, a lamp ballast) raises every node's noise at once, so a scan whose untouched nodes
/// spread far wider than usual is noisy. While a scan is noisy the baseline holds, contacts are
/// tracked only on peaks far above the noise and coast (stay where they were) without one, and no
/// new contact is confirmed; for a few scans after, new touches need a raised threshold.
///
/// The spread is the mean difference between horizontally adjacent nodes on a sample of about
/// `samples` pairs: a finger's smooth bump and the panel's common-mode drift hardly change from one
/// node to the next, while front-end noise does; each difference is clipped, so the few pairs on a
/// finger's flank cannot pass for noise. The controller runs it on raw counts against its baseline
/// (before the baseline moves), the host's heatmap path on the deltas it receives: one measure.
public struct NoiseGate: Sendable {
    /// Pairs sampled per scan: enough for a steady mean, few enough to cost nothing beside the scan.
    public static let samples = 128
    /// A scan is noisy when its spread exceeds the quiet spread this many times.
    public static let noisyRatio: Float = 3
    /// Scans after the last noisy one during which new touches need `settlingTouchOn`.
    public static let settlingScans = 3
    /// Noise lasting this many scans is the panel's new normal: the quiet spread takes its level.
    public static let sustainedScans = 64
    /// Differences are clipped at this many quiet spreads.
    static let clipRatio: Float = 8
    /// Mean |a - b| of two independent nodes, in units of one node's noise RMS (sqrt 2 x sqrt(2/pi)).
    static let spreadPerSigma: Float = 1.128

    /// The quiet spread, a running mean over quiet scans, counts.
    public private(set) var quietSpread: Float
    /// This scan's spread, counts (0 before the first measured scan).
    public private(set) var lastSpread: Float = 0
    /// Scans judged noisy since power-up or reset, for diagnostics.
    public private(set) var noisyScans = 0
    private let floorSpread: Float
    private let nominalSpread: Float
    private var settlingLeft = 0
    private var noisyRun = 0
    /// Peak threshold while noisy and touch-on threshold while settling, counts.
    private let noisyPeakThreshold: Int16
    private let settlingTouchOn: Int16

    public init(board: BoardDefinition, settings: ScanSettings) {
        nominalSpread = board.noiseCounts * NoiseGate.spreadPerSigma
        // A noiseless panel (the tests' ideal one) must not make every disturbance look noisy.
        floorSpread = max(0.5, nominalSpread * 0.5)
        quietSpread = nominalSpread
        // Under noise only a finger's core stands out: a burst's peaks reach a quarter (panel-7) to
        // almost 60 % (kiosk-22) of a finger's signal, and only a peak this strong moves a contact.
        noisyPeakThreshold = max(settings.touchOnThreshold, Int16(board.fingerAmplitude * 0.6))
        settlingTouchOn = max(settings.touchOnThreshold, Int16(board.fingerAmplitude * 0.5))
    }

    public mutating func reset() {
        quietSpread = nominalSpread
        lastSpread = 0
        settlingLeft = 0
        noisyRun = 0
        noisyScans = 0
    }

    /// Judges a scan the controller has measured, before its baseline moves: `raw` holds raw
    /// counts, and their deltas are the baseline minus them.
    public mutating func assess(
        raw: borrowing CountGrid, baseline: borrowing BaselineTracker, settings: ScanSettings
    ) -> NoiseVerdict {
        guard baseline.isCalibrated else { return NoiseVerdict(settings: settings) }
        // A loop over a closure would copy the borrowed grids (5 to 10 KB) onto the MCU's stack.
        // Integer differences in the baseline's Q4 counts: the same values as in counts, exactly.
        let nodeCount = raw.nodeCount
        precondition(nodeCount <= SensorGridLimits.maxNodes)
        var pairs = SampledPairs(columns: raw.columns, rows: raw.rows)
        let raws = raw.storage.bytes.span.bytes
        let baselines = baseline.nodes.bytes.span.bytes
        var spread = ClippedMean(clip: clip)
        while let i = pairs.next() {
            let rawStep = (Int32(raws.int16(atNode: i)) &- Int32(raws.int16(atNode: i &+ 1))) &<< 4
            spread.add(q4: Int32(baselines.uint16(atNode: i)) &- Int32(baselines.uint16(atNode: i &+ 1)) &- rawStep)
        }
        return judge(spread.mean, settings: settings)
    }

    /// Judges a scan from its deltas, as the host's heatmap path receives them.
    public mutating func assess(deltas: borrowing CountGrid, settings: ScanSettings) -> NoiseVerdict {
        var pairs = SampledPairs(columns: deltas.columns, rows: deltas.rows)
        var spread = ClippedMean(clip: clip)
        while let i = pairs.next() { spread.add(q4: (Int32(deltas[i]) &- Int32(deltas[i &+ 1])) &<< 4) }
        return judge(spread.mean, settings: settings)
    }

    private var clip: Float { NoiseGate.clipRatio * max(quietSpread, floorSpread) }

    private mutating func judge(_ spread: Float, settings: ScanSettings) -> NoiseVerdict {
        lastSpread = spread
        let noisy = spread > NoiseGate.noisyRatio * max(quietSpread, floorSpread)
        if noisy {
            noisyScans &+= 1
            noisyRun += 1
            settlingLeft = NoiseGate.settlingScans
            if noisyRun >= NoiseGate.sustainedScans {
                quietSpread = spread
                noisyRun = 0
            }
        } else {
            noisyRun = 0
            quietSpread += (spread - quietSpread) * (1.0 / 32)
        }
        var verdict = NoiseVerdict(settings: settings)
        // Noise the panel lives with raises the touch threshold with it: 4.5 RMS is above any noise
        // peak the front end produces (its filtered noise ends near 3.4 RMS).
        let quietSigma = max(quietSpread, floorSpread) / NoiseGate.spreadPerSigma
        verdict.touchOnThreshold = max(settings.touchOnThreshold, Int16(min(4000, 4.5 * quietSigma)))
        if noisy {
            verdict.isNoisy = true
            verdict.peakThreshold = max(verdict.peakThreshold, noisyPeakThreshold)
        } else if settlingLeft > 0 {
            settlingLeft -= 1
            verdict.touchOnThreshold = max(verdict.touchOnThreshold, settlingTouchOn)
        }
        return verdict
    }
}
