import TouchCore

/// Whether the controller idles, and what each scan is worth while it does (`IdleAcquisition`).
/// Off until the host asks (`setIdleAcquisition`) and again after a reset: a host that never asks,
/// an older one among them, gets a report every scan at the full rate, as before idling existed.
public struct IdleSchedule: Sendable {
    public let settings: IdleAcquisition
    /// The host asked for idle acquisition.
    public private(set) var isEnabled = false
    /// Scans are `settings.scanInterval` apart.
    public private(set) var isIdling = false
    /// When a scan last saw a touch, or idling was last switched on.
    private var lastTouch: Microseconds = 0
    /// When the controller last reported while idling (or the scan it started idling on).
    private var lastReport: Microseconds = 0

    /// What a scan just run means for the schedule and the link.
    public enum Verdict: Equatable, Sendable {
        /// Full rate: reported, the next scan one report period on.
        case active
        /// The first scan to see a touch after idling: reported at once, full rate from it on.
        case woke
        /// Idling (or starting to): reported, the next scan one idle scan interval on.
        case idleReport
        /// Idling and saw nothing between idle reports: not sent, and it takes no sequence number.
        case idleSilent
    }

    public init(settings: IdleAcquisition) { self.settings = settings }

    /// Switches idling on or off; the panel counts as touched at `time`, so idling starts only
    /// after `activeTimeout` from now.
    mutating func enable(_ on: Bool, at time: Microseconds) {
        isEnabled = on
        isIdling = false
        lastTouch = time
    }

    /// Judges the scan run at `time`: `sawTouch` if it found a contact or a touch still being debounced.
    mutating func scanned(at time: Microseconds, sawTouch: Bool) -> Verdict {
        guard isEnabled else { return .active }
        if sawTouch {
            lastTouch = time
            guard isIdling else { return .active }
            isIdling = false
            return .woke
        }
        if !isIdling {
            guard time - lastTouch >= settings.activeTimeoutMicroseconds else { return .active }
            isIdling = true
            lastReport = time
            return .idleReport
        }
        guard time - lastReport >= settings.reportIntervalMicroseconds else { return .idleSilent }
        lastReport = time
        return .idleReport
    }
}
