import TouchCore

/// The device's clock as the QEMU relay reads it from the timestamps going by, so a script runs on
/// the firmware's time: an emulated core on a busy host falls behind real time by whole scans, and
/// a script played on the wall clock would reach it compressed.
///
/// A device that reports every scan is taken at its latest report's word; after a silence of
/// `silenceBeforeWallClock` (heatmap mode, a stalled device) its clock runs with the wall clock
/// from that report on. In gestures mode the device sends touch and gesture records only when
/// something changes, so between records its clock is always the wall clock's from the latest one:
/// waiting for the silence rule sent a tap's down and up in one go, and the tap was never seen.
struct RelayDeviceClock {
    static let silenceBeforeWallClock: Microseconds = 250_000

    /// False in gestures mode (the host's `setMode`).
    var reportsEveryScan = true
    /// The latest device time heard.
    private(set) var lastHeard: Microseconds = 0
    private var lastArrival: Microseconds?
    private var unwrapper = TimestampUnwrapper()

    /// A contact report's or heatmap slice's 32-bit timestamp, arriving at wall time `wall`.
    mutating func heard(report timestamp: UInt32, at wall: Microseconds) {
        heard(unwrapper.unwrap(timestamp), at: wall)
    }

    /// A touch or gesture record's full timestamp (the same clock, not wrapped).
    mutating func heard(_ time: Microseconds, at wall: Microseconds) {
        lastHeard = max(lastHeard, time)
        lastArrival = wall
    }

    /// The device's time at wall time `wall`.
    func now(at wall: Microseconds) -> Microseconds {
        guard let lastArrival else { return lastHeard }
        let silence = wall - lastArrival
        return silence < Self.silenceBeforeWallClock && reportsEveryScan ? lastHeard : lastHeard + silence
    }
}
