import TouchCore

/// The firmware's top level: a simulated panel, the scan pipeline and the report schedule. The
/// host emulator and the Cortex-M4 board drive the same type: feed it the host's bytes
/// (`receive(_:)`) and finger stimuli (`apply(_:)`) as they arrive, and call
/// `advance(to:output:)` with the current time to run every scan that has come due and send its
/// reports. `scan(at:)` and `advance(to:_:)` give the scans without the wire, for tests and tools.
public struct TouchController: Sendable {
    public let board: BoardDefinition
    public let seed: UInt64
    public private(set) var panel: SimulatedPanel
    public private(set) var pipeline: ScanPipeline
    /// After a scan: that scan's deltas (counts, positive under a finger), for heatmaps.
    public private(set) var deltas: CountGrid
    /// Which reports `advance(to:output:)` sends: contacts, heatmap or both (or, under a
    /// `GestureController`, gestures).
    public var mode: ReportMode = .contacts
    /// The modes `setMode` accepts; gestures only when a `GestureController` runs the recognizers.
    public internal(set) var supportedModes = ReportModeSet.contacts.union(.heatmap).union(.shapes).union(.idles)
    public private(set) var reportRate: Int
    /// The sequence number the next scan will carry.
    public private(set) var sequence: UInt32 = 0
    /// When the next scheduled scan is due.
    public private(set) var nextScanTime: Microseconds
    /// Wrong reports on purpose, for the host's fault tests; all off by default.
    public var contactFaults = ContactFaultStage()
    public var noiseBursts = NoiseBurstStage()
    /// Commands in, messages owed, byte faults out.
    public internal(set) var link = LinkState()
    /// Idle acquisition: off until the host asks for it.
    public private(set) var idle: IdleSchedule
    private var scheduleStart: Microseconds
    private var scheduledScans: Int64 = 0

    public static let minReportRate = 10
    public static let maxReportRate = 250

    public init(board: BoardDefinition, seed: UInt64, startTime: Microseconds = 0) {
        precondition(board.isSupported, "board does not fit the firmware's buffers")
        self.board = board
        self.seed = seed
        panel = SimulatedPanel(board: board, seed: seed)
        pipeline = ScanPipeline(board: board)
        deltas = CountGrid(columns: board.columns, rows: board.rows)
        reportRate = board.reportRate
        idle = IdleSchedule(settings: board.idle)
        scheduleStart = startTime
        nextScanTime = startTime
        // Power-up calibration, before anyone can touch the panel.
        panel.measure(into: &deltas, at: startTime)
        _ = pipeline.process(&deltas, timestamp: startTime, sequence: 0)
        link.owe(.delimiter)
        link.owe(.info)
    }

    /// Applies a finger stimulus to the simulated panel; the next scan sees it.
    public mutating func apply(_ stimulus: FingerStimulus) { panel.apply(stimulus) }

    /// Light touches, noise and drift for tests and fault scripts.
    public mutating func configurePanel(fingerStrength: Float? = nil, noiseScale: Float? = nil, driftScale: Float? = nil) {
        if let fingerStrength { panel.fingerStrength = fingerStrength }
        if let noiseScale { panel.noiseScale = noiseScale }
        if let driftScale { panel.driftScale = driftScale }
    }

    /// Runs one scan now, outside the schedule.
    public mutating func scan(at time: Microseconds) -> ScanResult {
        if noiseBursts.rate > 0 { panel.interferenceScale = noiseBursts.nextNoiseScale() }
        panel.measure(into: &deltas, at: time)
        var result = pipeline.process(&deltas, timestamp: time, sequence: sequence)
        contactFaults.apply(to: &result)
        sequence &+= 1
        return result
    }

    /// Runs every scan due at or before `time`, in order, handing each result the link would
    /// carry to `body` (an idle scan that saw nothing between idle reports is not one).
    public mutating func advance(to time: Microseconds, _ body: (ScanResult) -> Void) {
        while nextScanTime <= time {
            if let result = runScheduledScan() { body(result) }
        }
    }

    /// Runs the scan due at `nextScanTime` and moves the schedule on: at the report rate, or at
    /// the idle scan interval while idling. Nil for an idle scan that is not reported: it gives
    /// back its sequence number, so the host sees no gap.
    mutating func runScheduledScan() -> ScanResult? {
        let time = nextScanTime
        let result = scan(at: time)
        let verdict = idle.scanned(at: time, sawTouch: pipeline.seesTouch)
        switch verdict {
        case .active, .woke:
            // Woken: full rate again from the scan that saw the touch, not from where idling began.
            if verdict == .woke { restartSchedule(at: time) }
            scheduledScans += 1
            nextScanTime = scheduleStart + scheduledScans * 1_000_000 / Int64(widening: reportRate)
        case .idleReport, .idleSilent:
            nextScanTime = time + idle.settings.scanIntervalMicroseconds
        }
        guard verdict != .idleSilent else {
            sequence &-= 1
            return nil
        }
        return result
    }

    /// Counts the full-rate schedule from `time` on.
    private mutating func restartSchedule(at time: Microseconds) {
        scheduleStart = time
        scheduledScans = 0
    }

    /// Switches idle acquisition on or off (the `setIdleAcquisition` command) from the next scan
    /// on; idling then starts after the board's active timeout without a touch.
    public mutating func setIdleAcquisition(_ on: Bool) {
        idle.enable(on, at: nextScanTime)
        restartSchedule(at: nextScanTime)
    }

    /// Changes the scan and report rate from the next scan on; refuses rates outside 10...250 Hz.
    @discardableResult
    public mutating func setReportRate(_ hertz: Int) -> Bool {
        guard hertz >= TouchController.minReportRate && hertz <= TouchController.maxReportRate else { return false }
        reportRate = hertz
        restartSchedule(at: nextScanTime)
        return true
    }

    /// Re-measures the baseline on the next scan. Fingers on the panel then become part of it
    /// until they lift, exactly as on real hardware.
    public mutating func recalibrate() {
        pipeline.recalibrate()
        link.owe(.status(.recalibrated, count: 0))
    }

    /// As after power-up: contacts are forgotten without lifts, the sequence restarts at 0, the
    /// report rate and mode return to the board's, idling stops, and the next scan recalibrates. The link gets a
    /// delimiter, a `reset` status and the device info.
    public mutating func reset() {
        pipeline.reset()
        link.resets &+= 1
        link.owe(.delimiter)
        link.owe(.status(.reset, count: link.resets))
        link.owe(.info)
        sequence = 0
        mode = .contacts
        link.sendsShapes = false
        reportRate = board.reportRate
        // A reset forgets the host's request to idle, as it forgets its request for shapes.
        idle.enable(false, at: nextScanTime)
        restartSchedule(at: nextScanTime)
    }
}
