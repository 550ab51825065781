import Glibc
import TouchCore

/// When a live run (`monitor`, `record`, `bridge`, `demo`) ends by itself: after `duration`, or
/// once no touch is down and nothing has happened for `idle`; and when it is told to, by SIGINT,
/// SIGTERM or SIGHUP (`StopSignal`). Without a limit it runs until stopped.
public struct RunLimits: Sendable {
    public var duration: Microseconds?
    public var idle: Microseconds?
    public let start: Microseconds

    /// Why a run stopped. A duration or a signal cuts the input: touches still down are `cancelled`
    /// (nobody lifted them); an idle stop finds none down.
    public enum Reason: Equatable, Sendable {
        case duration
        case idle
        case signal(Int32)
        /// The session ended by itself (a replay's end, a link lost for good).
        case ended
        /// The owner asked (a live view's `q`, a calibration complete).
        case requested

        public var cutsInput: Bool {
            switch self {
            case .duration, .signal, .requested: true
            case .idle, .ended: false
            }
        }
    }

    /// Seconds as the command line gives them. A duration too long for microseconds is no limit.
    public init(duration seconds: Double?, idle idleSeconds: Double?, start: Microseconds = MonotonicClock.now()) {
        duration = seconds.flatMap(Self.microseconds)
        idle = idleSeconds.flatMap(Self.microseconds)
        self.start = start
    }

    private static func microseconds(_ seconds: Double) -> Microseconds? {
        let value = seconds * 1_000_000
        guard value.isFinite, value < Double(Microseconds.max / 2) else { return nil }
        return Microseconds(max(value, 0))
    }

    public func reached(hasLiveTouches: Bool, lastActivity: Microseconds, at now: Microseconds = MonotonicClock.now()) -> Bool {
        reason(hasLiveTouches: hasLiveTouches, lastActivity: lastActivity, at: now) != nil
    }

    /// The next instant a limit could be reached by time alone, for the run loop's wait.
    public func nextDeadline(lastActivity: Microseconds) -> Microseconds? {
        var next = duration.map { start + $0 }
        if let idle {
            let idleEnd = max(lastActivity, start) + idle
            next = min(next ?? idleEnd, idleEnd)
        }
        return next
    }

    public func reason(hasLiveTouches: Bool, lastActivity: Microseconds, at now: Microseconds = MonotonicClock.now()) -> Reason? {
        if let signal = StopSignal.received { return .signal(signal) }
        if let duration, now - start >= duration { return .duration }
        if let idle, !hasLiveTouches, now - max(lastActivity, start) >= idle { return .idle }
        return nil
    }
}

/// SIGINT, SIGTERM and SIGHUP as a request to stop: once `install`ed, the handler only notes the
/// signal and writes a byte to `wakeDescriptor` (the `SessionRunLoop`'s wake pipe; `write(2)` is
/// async-signal-safe), so the loop's `poll` returns at once, cancels what is live, flushes its
/// output and exits with 128 + the signal's number (`Interruption`).
public enum StopSignal {
    public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) private static var last: sig_atomic_t = 0
    /// Written to when a signal arrives: the running loop's wake pipe, -1 when none runs.
    nonisolated(unsafe) public static var wakeDescriptor: Int32 = -1

    /// The first of the handled signals to arrive since `install`, if any.
    public static var received: Int32? { last == 0 ? nil : last }

    public static func install() {
        for number in handled {
            signal(number) { received in
                if StopSignal.last == 0 { StopSignal.last = received }
                var byte: UInt8 = 1
                if StopSignal.wakeDescriptor >= 0 { _ = write(StopSignal.wakeDescriptor, &byte, 1) }
            }
        }
        // A parent may hand these down blocked (a test runner's children inherit its mask).
        var set = sigset_t()
        sigemptyset(&set)
        for number in handled { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Throws `Interruption` when a signal has arrived.
    public static func check() throws(Interruption) {
        if let received { throw Interruption(signal: received) }
    }
}

/// A run ended by a signal after cleaning up: the program exits with `exitStatus`, 128 + the
/// signal's number (130 SIGINT, 143 SIGTERM, 129 SIGHUP), as a shell reports a program it killed.
public struct Interruption: Error, Sendable {
    public let signal: Int32
    public init(signal: Int32) { self.signal = signal }
    public var exitStatus: Int32 { 128 + signal }
}
