import TouchCore

/// CLOCK_MONOTONIC microseconds for a live device's events, from the session's time (which
/// follows the device's clock): the offset between the two is taken at the first event and moved
/// only as far as needed to keep a stamp between half a second ago and now, so a device clock that
/// drifts, restarts or stalls cannot put an event in the future or far in the past. Stamps never
/// go back.
struct HostClockStamp {
    /// The oldest a stamp may be when it is made: reports are read as they come, timers fire late
    /// by at most the session's idle lag.
    static let longestDelay: Microseconds = 500_000

    private var offset: Microseconds?
    private var last: Microseconds = .min

    mutating func stamp(_ sessionTime: Microseconds, now: Microseconds) -> Microseconds {
        var offset = self.offset ?? (now - sessionTime)
        var time = sessionTime &+ offset
        if time > now {
            offset -= time - now
            time = now
        } else if time < now - Self.longestDelay {
            offset += now - Self.longestDelay - time
            time = now - Self.longestDelay
        }
        self.offset = offset
        time = max(time, last)
        last = time
        return time
    }
}
