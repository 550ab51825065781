import TouchCore

/// Session time from the device's clock: `TimestampUnwrapper` takes care of the 32-bit wrap;
/// this counts from the first report (the stream's `t` is time since the start of the input)
/// and never runs backwards. After a device reset, or a clock that jumps back because a reset's
/// status was lost, time continues from where it was instead of restarting at the device's zero.
public struct DeviceClock: Sendable {
    private var unwrapper = TimestampUnwrapper()
    private var lastRaw: UInt32?
    /// The unwrapped device time that corresponds to `base` in session time.
    private var origin: Microseconds?
    private var base: Microseconds = 0
    public private(set) var lastTime: Microseconds = 0
    /// How many times the device's clock has started anew (a reset, a reconnect, a jump back):
    /// session time's relation to the host's clock (`ScanClock`) holds between two restarts only.
    public private(set) var restarts = 0

    public init() {}

    /// Microseconds since the first timestamp seen.
    public mutating func time(for raw: UInt32) -> Microseconds {
        if let previous = lastRaw, raw &- previous > UInt32.max / 2 { restart() }
        lastRaw = raw
        let unwrapped = unwrapper.unwrap(raw)
        if origin == nil {
            origin = unwrapped
            base = lastTime
        }
        lastTime = max(lastTime, base + unwrapped - origin!)
        return lastTime
    }

    /// The device's clock restarts (a reset, a reconnect): the next timestamp continues session time.
    public mutating func restart() {
        restarts &+= 1
        unwrapper.reset()
        lastRaw = nil
        origin = nil
    }

    /// Restarts with the next timestamp at `time` in session time: after a reconnect, where the
    /// host's clock measured the gap the device's stream could not.
    public mutating func restart(continuingFrom time: Microseconds) {
        restart()
        lastTime = max(lastTime, time)
    }
}
