import TouchCore

/// One live source of touches, driven the way libinput drives its devices: the owner polls
/// `descriptor` (and its own wake descriptor), and calls `dispatch(now:)` when it is readable or
/// when the instant the last dispatch asked for has come. A session never blocks and never reads a
/// clock: `now` is the only time it knows, so a test can drive it through a scripted link in
/// virtual time. One implementation per kind of source (the framed protocol, the legacy
/// protocols, heatmap mode, replay, Linux input devices); the `SessionRunLoop` and the C API's context
/// drive them all the same way.
public protocol Session: AnyObject {
    /// The descriptor to poll for input now; nil while the session has none (waiting to reopen a
    /// lost device, or a replay that needs no input).
    var descriptor: Int32? { get }

    /// True while the session has bytes queued for its link: the owner polls for writability too.
    var wantsToWrite: Bool { get }

    /// Reads what is readable without waiting, advances the session's states (handshake,
    /// requests and answers, backoff, reconnects, timers) to `now`, feeds the pipeline, and
    /// returns the next instant it must be called even if nothing becomes readable; nil when only
    /// input (or `cancelAll`/`finish`) can move it.
    func dispatch(now: Microseconds) -> Microseconds?

    /// True once the source is over for good (a replay at its end, a lost link that will not be
    /// reopened); the owner finishes and stops.
    var hasEnded: Bool { get }

    /// A touch is down now (for `--until-idle`).
    var hasLiveTouches: Bool { get }

    /// When the session last emitted an event, in the owner's clock (for `--until-idle`).
    var lastActivity: Microseconds { get }

    /// The input was cut (a signal, `--duration`): every live touch and gesture is cancelled at `now`.
    func cancelAll(now: Microseconds)

    /// The input is over: every pending timer fires, touches still down are cancelled.
    func finish(now: Microseconds)

    /// Why the session ended, when it ended badly (a link lost for good, no controller answering);
    /// nil while it runs or when it ended as it should (a replay at its end).
    var failure: LinkError? { get }

    /// The instant on the owner's clock (the `now` it dispatches with: CLOCK_MONOTONIC for a live
    /// source) at which the input behind an event at session time `sessionTime` happened: for a
    /// touchhost controller the scan that saw it, estimated anew on every reconnect.
    func hostInstant(ofSessionTime sessionTime: Microseconds) -> Microseconds
}

extension Session {
    public var failure: LinkError? { nil }

    /// A session whose time is the owner's clock itself (a Linux input device's kernel times, a
    /// replay's virtual time).
    public func hostInstant(ofSessionTime sessionTime: Microseconds) -> Microseconds { sessionTime }
}
