import TouchCore

/// Turns the device's 32-bit microsecond clock, which wraps every 71.6 minutes, into time since
/// the first report: each step is taken as the shortest forward distance modulo 2^32, so a wrap
/// between two reports is invisible while a clock that jumps back (a device reset) is not.
public struct DeviceClock: Sendable {
    private var last: UInt32?
    private var elapsed: Microseconds = 0

    public init() {}

    /// Microseconds since the first timestamp seen.
    public mutating func time(for raw: UInt32) -> Microseconds {
        guard let previous = last else {
            last = raw
            return elapsed
        }
        let step = raw &- previous
        // A step beyond half the range is a jump backwards: hold time still rather than leap 71 min.
        if step < UInt32.max / 2 { elapsed += Microseconds(step) }
        last = raw
        return elapsed
    }

    /// Forgets the device's clock, for a reset or a reconnect, keeping the time already elapsed.
    public mutating func restart() { last = nil }

    public var lastTime: Microseconds { elapsed }
}
