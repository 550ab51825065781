import TouchCore

/// When, on the owner's clock (CLOCK_MONOTONIC for a live link), the device scanned what an event
/// at a given session time reports. Session time follows the device's clock; the two clocks
/// differ by an offset that a reconnect or a device reset changes (session time continues across
/// them from the host's estimate, the device's clock starts anew).
///
/// A report reaches the host some link delay after its scan, never before: its arrival minus its
/// session time is the offset plus that delay. The estimate is the smallest such value on the
/// current device clock, allowed to rise by `driftAllowance` per unit of time since it was seen
/// (the device's crystal and the host's need not agree). It starts again from the first report
/// after each restart of the device clock (`DeviceClock.restarts`: a reconnect, a reset), so what
/// one link's delays taught never leaks into the next.
///
/// The bound (docs/architecture.md, "Event times"): with the device's clock within
/// `driftAllowance` of the host's and link delays under `longestDelay`, a report's events are
/// stamped no earlier than its scan and no later than its arrival, and no later than
/// `scan + d + 2 * driftAllowance * Δ` for any earlier report on the same device clock with delay
/// `d`, `Δ` before it. Nothing in it counts reconnects: it is the same after the hundredth.
public struct ScanClock: Sendable {
    /// How far the device's clock may run from the host's, in parts per million: 0.1 %, beyond a
    /// crystal's worst and a trimmed RC oscillator's usual error.
    public static let driftAllowance: Microseconds = 1_000
    /// A report older than this on arrival is taken as a device clock that fell behind, not as a
    /// slow link: the estimate follows it.
    public static let longestDelay: Microseconds = 500_000

    /// The report that gives the estimate: its arrival minus its session time, and its session time.
    private var offset: Microseconds?
    private var sampledAt: Microseconds = 0
    /// `DeviceClock.restarts` when the estimate was made.
    private var epoch = 0

    public init() {}

    /// A report (or status) stamped `sessionTime` by the device arrived at host time `arrival`,
    /// on device clock number `epoch`. It gives the estimate when it says less than the report
    /// that gave it, aged to now; a later report never has to be compared with more than that one.
    public mutating func observe(sessionTime: Microseconds, arrival: Microseconds, epoch: Int) {
        let seen = arrival - sessionTime
        if let estimate = hostInstant(of: sessionTime), epoch == self.epoch {
            let current = estimate - sessionTime
            if seen - current > Self.longestDelay {
                take(seen - Self.longestDelay, at: sessionTime)
            } else if seen < current {
                take(seen, at: sessionTime)
            }
        } else {
            take(seen, at: sessionTime)
            self.epoch = epoch
        }
    }

    private mutating func take(_ offset: Microseconds, at sessionTime: Microseconds) {
        self.offset = offset
        sampledAt = sessionTime
    }

    /// The host instant of session time `sessionTime`; nil until a report has been seen.
    public func hostInstant(of sessionTime: Microseconds) -> Microseconds? {
        guard let offset else { return nil }
        return sessionTime + offset + Self.drift(over: sessionTime - sampledAt)
    }

    /// What the clocks may have drifted apart over `span` (either way), rounded up.
    private static func drift(over span: Microseconds) -> Microseconds {
        let magnitude = span.magnitude > 1 << 40 ? Microseconds(1 << 40) : Microseconds(span.magnitude)
        return (magnitude * driftAllowance + 999_999) / 1_000_000
    }
}
