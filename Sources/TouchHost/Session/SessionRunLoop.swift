import Glibc
import TouchCore

/// The one loop that drives a live `Session` (every CLI command on a live source, and `serve`):
/// it waits in `poll(2)` on the session's descriptor (for writing too while it has bytes queued),
/// its own wake pipe (which `StopSignal` and `wakeUp()` write to) and any `watched` descriptors,
/// until the instant the session's last dispatch asked for, the limits' next deadline, `tick` or
/// `wakeAt`; then it calls `dispatch(now:)` with CLOCK_MONOTONIC. With none of those due it waits
/// for input alone: a quiet source costs no wake-up at all (issue 25; `serve` on an evdev device
/// that sends nothing sleeps until it does). It is, with the emulator's pacing, the only code in
/// Sources that reads that clock or waits.
///
/// It stops when the session ends, a `RunLimits` limit is reached (`--duration`, `--until-idle`),
/// a stop signal arrives or `onWake` says so; then it cancels what is live if the input was cut
/// and finishes the session, so every touch gets its end. Usage, for a new command:
///
///     let session = DeviceSession(link: try LinkOpener.open(port), sink: output.write) { info, sink in
///         HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
///     }
///     session.reopen = { () throws(LinkError) in try LinkOpener.open(port, connectTimeoutMilliseconds: 250) }
///     let loop = SessionRunLoop(limits: RunLimits(duration: seconds, idle: nil))
///     loop.run(session)
///     try StopSignal.check()                      // a signal: exit with 128 + its number
///     if let failure = session.failure { throw failure }
public final class SessionRunLoop {
    public var limits: RunLimits
    /// More descriptors whose input should wake the loop (a bridge's downstream link, a terminal).
    public var watched: [Int32] = []
    /// True while the owner has bytes queued for a `watched` descriptor (a bridge's downstream that
    /// was full): the loop wakes when they become writable too, since no timer will retry them.
    public var watchedWantWriting: () -> Bool = { false }
    /// The longest wait between two calls of `onWake` (a live view's redraw); nil: no such bound.
    public var tick: Microseconds?
    /// Called after each dispatch with the loop's time; false stops the run (`Reason.requested`).
    public var onWake: ((Microseconds) throws -> Bool)?
    /// Asked after each `onWake`: the next instant `onWake` must be called although nothing else
    /// happens (serve's metrics file, brought up to date a second after a change); nil: none.
    public var wakeAt: (() -> Microseconds?)?
    /// The loop's time when it last woke (from its wait, before the dispatch under way): where
    /// the work done for what woke it starts (serve's metrics).
    public private(set) var lastWake: Microseconds = 0

    /// How the loop reads its clock and waits: CLOCK_MONOTONIC and poll(2), or a test's virtual
    /// clock, so the loop's waits are tested in virtual time.
    struct Waiting {
        var now: () -> Microseconds
        /// Waits until a descriptor in `entries` is ready or `milliseconds` pass (-1: input alone ends it).
        var poll: (_ entries: inout [pollfd], _ milliseconds: Int32) -> Void

        static var system: Waiting {
            Waiting(now: MonotonicClock.now) { entries, milliseconds in
                _ = Glibc.poll(&entries, nfds_t(entries.count), milliseconds)
            }
        }
    }

    private let waiting: Waiting
    private let wakeRead: Int32
    private let wakeWrite: Int32

    public convenience init(limits: RunLimits = RunLimits(duration: nil, idle: nil)) {
        self.init(limits: limits, waiting: .system)
    }

    init(limits: RunLimits, waiting: Waiting) {
        self.limits = limits
        self.waiting = waiting
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for fd in ends {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    deinit {
        if StopSignal.wakeDescriptor == wakeWrite { StopSignal.wakeDescriptor = -1 }
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// CLOCK_MONOTONIC in microseconds: the loop's time, handed to every session call.
    public static func now() -> Microseconds { MonotonicClock.now() }

    /// Makes the loop look at its session and callbacks now; safe from any thread.
    public func wakeUp() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Runs `session` until it ends, a limit or a signal stops it, or `onWake` returns false; an
    /// error `onWake` throws ends the run too, after the session is finished, and is rethrown.
    @discardableResult
    public func run(_ session: any Session) throws -> RunLimits.Reason {
        StopSignal.install()
        StopSignal.wakeDescriptor = wakeWrite
        defer { if StopSignal.wakeDescriptor == wakeWrite { StopSignal.wakeDescriptor = -1 } }
        var reason: RunLimits.Reason
        var thrown: (any Error)?
        while true {
            var now = waiting.now()
            lastWake = now
            if let stop = limits.reason(hasLiveTouches: session.hasLiveTouches, lastActivity: session.lastActivity, at: now) {
                reason = stop
                break
            }
            let due = session.dispatch(now: now)
            if session.hasEnded {
                reason = .ended
                break
            }
            if let onWake {
                do {
                    guard try onWake(now) else {
                        reason = .requested
                        break
                    }
                } catch {
                    thrown = error
                    reason = .requested
                    break
                }
            }
            now = waiting.now()
            let instants = [due, limits.nextDeadline(lastActivity: session.lastActivity), tick.map { now + $0 }, wakeAt?()]
            wait(for: session, until: instants.compactMap { $0 }.min(), now: now)
        }
        let end = waiting.now()
        if reason.cutsInput { session.cancelAll(now: end) }
        session.finish(now: end)
        if let thrown { throw thrown }
        return reason
    }

    /// Waits for input, the wake pipe, or `until` (nil: for input alone, however long).
    private func wait(for session: any Session, until: Microseconds?, now: Microseconds) {
        if let until, until <= now { return }
        var entries: [pollfd] = []
        if let fd = session.descriptor {
            entries.append(pollfd(fd: fd, events: Int16(POLLIN) | (session.wantsToWrite ? Int16(POLLOUT) : 0), revents: 0))
        }
        entries.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
        let watchedEvents = Int16(POLLIN) | (watchedWantWriting() ? Int16(POLLOUT) : 0)
        for fd in watched { entries.append(pollfd(fd: fd, events: watchedEvents, revents: 0)) }
        // Rounded up: a wait that ends a little early would only spin.
        let milliseconds = until.map { Int32(clamping: ($0 - now + 999) / 1_000) } ?? -1
        waiting.poll(&entries, milliseconds)
        var drain = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &drain, drain.count) > 0 {}
    }
}
