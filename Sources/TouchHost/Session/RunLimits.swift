import TouchCore

/// When a live run (`monitor`, `record`, `bridge`) ends by itself: after `duration`, or once no
/// touch is down and nothing has happened for `idle`. Neither means it runs until stopped.
public struct RunLimits: Sendable {
    public var duration: Microseconds?
    public var idle: Microseconds?
    public let start: Microseconds

    /// Seconds as the command line gives them.
    public init(duration seconds: Double?, idle idleSeconds: Double?, start: Microseconds = MonotonicClock.now()) {
        duration = seconds.map { Microseconds($0 * 1_000_000) }
        idle = idleSeconds.map { Microseconds($0 * 1_000_000) }
        self.start = start
    }

    public func reached(by session: DeviceSession, at now: Microseconds = MonotonicClock.now()) -> Bool {
        reached(hasLiveTouches: session.hasLiveTouches, lastActivity: session.lastActivity, at: now)
    }

    public func reached(hasLiveTouches: Bool, lastActivity: Microseconds, at now: Microseconds = MonotonicClock.now()) -> Bool {
        if let duration, now - start >= duration { return true }
        if let idle, !hasLiveTouches, now - max(lastActivity, start) >= idle { return true }
        return false
    }
}
