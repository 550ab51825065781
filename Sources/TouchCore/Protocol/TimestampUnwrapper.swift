/// Turns the device's wrapping 32-bit microsecond timestamps into a 64-bit time that keeps counting.
/// Each report advances the time by its difference from the previous one modulo 2^32, so a wrap
/// (every 71.6 minutes) is invisible; only a silence longer than that would be mismeasured.
public struct TimestampUnwrapper: Sendable {
    private var last: UInt32?
    /// The unwrapped time of the last timestamp, starting from the first timestamp's own value.
    public private(set) var current: Microseconds = 0

    public init() {}

    public mutating func unwrap(_ timestamp: UInt32) -> Microseconds {
        if let last {
            current += Int64(widening: timestamp &- last)
        } else {
            current = Int64(widening: timestamp)
        }
        last = timestamp
        return current
    }

    /// Forget the previous timestamp, as after a controller reset that restarted its clock.
    public mutating func reset() {
        last = nil
    }
}
