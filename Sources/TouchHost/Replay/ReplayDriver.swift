import TouchCore

/// The one driver of a loaded input, for `touchhost replay`, `plot` and the C API's `replay:`
/// source: a script's or an importer's frames go straight into a pipeline, in virtual time; a
/// recording of a live link goes through the same `DeviceSession` a port uses, with the
/// recording's host timestamps as the session's clock, so its bytes meet the frame decoder,
/// tracker and recognizers exactly as they did live. At the end of the input every pending timer
/// fires and touches still down are cancelled.
///
/// A `Session` whose clock is the input's own: `dispatch(now:)` feeds what the input holds up to
/// `now` and asks to be called at its next report, so `replay` drives it as a live session is
/// driven, only without waiting (`runInVirtualTime`). `step` feeds by count instead of by time,
/// for an owner that bounds a call by room for the events (the C API's queue).
public final class ReplayDriver: Session {
    /// Makes the pipeline for the input: its tracker settings, its panel, and the sink to feed.
    public typealias MakePipeline = (TrackerConfiguration, PanelSize, @escaping (HostEvent) -> Void) -> Pipeline

    private enum Feed {
        case items
        case recording(DeviceSession, Recording)
    }

    public let name: String
    private let feed: Feed
    /// The source's items, taken one at a time as they are fed: a script's reports are made only
    /// now, so the driver never holds more of the input than the next item.
    private var items: any IteratorProtocol<ReplayItem>
    /// The next item to feed; nil once the items have run out.
    private var upcoming: ReplayItem?
    /// The next recorded chunk.
    private var next = 0
    /// The recording's clock, which its session is given instead of the host's.
    private var clock: Microseconds = 0
    /// The input's pipeline; a recording's is made when its device describes itself.
    public private(set) var pipeline: Pipeline?
    public private(set) var isFinished = false
    /// The input's time of the last event (for `--until-idle`, as a live session's).
    public var lastActivity: Microseconds {
        if case .recording(let session, _) = feed { return session.lastActivity }
        return lastEvent
    }
    private var lastEvent: Microseconds = 0

    public init(_ source: ReplaySource, sink given: @escaping (HostEvent) -> Void, makePipeline: @escaping MakePipeline) {
        name = source.name
        var items = source.items.makeIterator()
        upcoming = items.next()
        self.items = items
        var forward: ((HostEvent) -> Void)?
        let sink: (HostEvent) -> Void = { forward?($0) }
        if let recording = source.recording {
            let session = DeviceSession(link: NoLink(), sink: sink) { info, emit in
                let size = info.panelSize
                return makePipeline(info.trackerConfiguration(), PanelSize(width: size.x, height: size.y), emit)
            }
            feed = .recording(session, recording)
            session.onPipeline = { [unowned self] in self.pipeline = $0 }
        } else {
            feed = .items
            pipeline = makePipeline(source.tracker, source.panel, sink)
        }
        forward = { [unowned self] event in
            self.lastEvent = event.time
            given(event)
        }
    }

    /// A driver whose pipeline runs the recognizers `--recognizers` named (a `template` among them
    /// with `templates`' examples, `--template`), palms handled by `palms` (`--palms`).
    public convenience init(
        _ source: ReplaySource, recognizers: RecognizerSelection, screen: ScreenSetting? = nil,
        templates: TemplateStore = TemplateStore(), palms: PalmPolicy = .suppress, sink: @escaping (HostEvent) -> Void
    ) {
        self.init(source, sink: sink) { tracker, panel, sink in
            HostStack.pipeline(
                recognizers: recognizers, tracker: tracker.with(palms: palms), panel: panel, screen: screen, templates: templates,
                sink: sink)
        }
    }

    /// The latest instant the input has reached.
    public var lastTime: Microseconds { pipeline?.lastTime ?? 0 }

    /// Feeds up to `limit` reports (or recorded chunks) while `more()` allows, and finishes the
    /// input when it runs out. Returns true once the input is finished.
    @discardableResult
    public func step(limit: Int, while more: () -> Bool = { true }) -> Bool {
        feed(through: .max, limit: limit, while: more)
    }

    /// The time of the next report or recorded chunk; nil once the input has run out.
    private var nextTime: Microseconds? {
        switch feed {
        case .items: return upcoming?.time
        case .recording(_, let recording): return next < recording.count ? recording.time(at: next) : nil
        }
    }

    /// Feeds the reports and chunks up to `end` on the input's clock: at most `limit` of them,
    /// while `more()` allows. Finishes the input when it runs out; true once it is finished.
    private func feed(through end: Microseconds, limit: Int, while more: () -> Bool) -> Bool {
        guard !isFinished else { return true }
        var budget = limit
        switch feed {
        case .items:
            while let item = upcoming, item.time <= end, budget > 0, more() {
                switch item {
                case .frame(let frame): pipeline?.consume(frame)
                case .cancel(let time): pipeline?.cancelAll(at: time)
                }
                upcoming = items.next()
                budget -= 1
            }
            if upcoming == nil {
                pipeline?.finish()
                isFinished = true
            }
        case .recording(let session, let recording):
            while next < recording.count, recording.time(at: next) <= end, budget > 0, more() {
                // Only what the device sent is replayed; the host's commands were answered then.
                guard recording.direction(at: next) == .fromDevice else {
                    next += 1
                    continue
                }
                // Bytes first, as a live pump reads before it lets idle time pass: a chunk that came
                // late because the recording machine was busy must not look like a silent device.
                // Timers due during a real silence still fire in order, before the next report.
                let chunk = recording[next]
                clock = chunk.time
                session.receive(chunk.bytes, at: clock)
                session.advanceIdle(at: clock)
                next += 1
                budget -= 1
            }
            if next == recording.count {
                session.finish()
                isFinished = true
            }
        }
        return isFinished
    }

    // MARK: Session

    /// The most reports one dispatch feeds before it returns, so an owner checks its limits and
    /// signals however dense the input is.
    public static let maxItemsPerDispatch = 4_096

    /// A replay reads no descriptor: the input is in memory (or made as it is fed).
    public var descriptor: Int32? { nil }
    public var wantsToWrite: Bool { false }
    public var hasEnded: Bool { isFinished }

    public var hasLiveTouches: Bool {
        if case .recording(let session, _) = feed { return session.hasLiveTouches }
        return pipeline?.hasLiveTouches ?? false
    }

    /// Feeds the input up to `now` on its own clock (at most `maxItemsPerDispatch` reports) and
    /// returns the time of its next report: `now` again when the budget ran out first, nil at the end.
    public func dispatch(now: Microseconds) -> Microseconds? {
        guard !feed(through: now, limit: Self.maxItemsPerDispatch, while: { true }) else { return nil }
        return max(nextTime ?? now, now)
    }

    public func cancelAll(now: Microseconds) { cancelAll() }

    public func finish(now: Microseconds) { finish() }

    /// Drives the replay through `dispatch(now:)`, each call at the instant the last one asked for,
    /// as fast as it goes, while `more()` allows; true once the input is finished.
    @discardableResult
    public func runInVirtualTime(while more: () -> Bool = { true }) -> Bool {
        var now = nextTime ?? 0
        while more(), let next = dispatch(now: now) { now = next }
        return isFinished
    }

    /// Ends the input where it is (a signal cut it short): pending timers fire, touches still down
    /// are cancelled. The rest of the input is not fed.
    public func finish() {
        guard !isFinished else { return }
        switch feed {
        case .items: pipeline?.finish()
        case .recording(let session, _): session.finish()
        }
        isFinished = true
    }

    /// Feeds the whole input.
    public func run() { runInVirtualTime() }

    /// Every live touch is cancelled at the input's present (th_context_cancel_touches); a
    /// recording's session also cancels the touches and gestures its device tracked itself.
    public func cancelAll() {
        if case .recording(let session, _) = feed {
            session.cancelAll(now: clock)
        } else {
            pipeline?.cancelAll(at: lastTime)
        }
    }

    /// Replays `source` to its end with the recognizers named.
    public static func run(_ source: ReplaySource, recognizers: RecognizerSelection, sink: @escaping (HostEvent) -> Void) {
        ReplayDriver(source, recognizers: recognizers, sink: sink).run()
    }
}

/// The link of a session fed by hand.
final class NoLink: ByteLink {
    let name = "recording"
    var pollDescriptor: Int32 { -1 }
    func read(into buffer: inout [UInt8]) throws(LinkError) -> Int { 0 }
    func write(_ bytes: [UInt8]) throws(LinkError) {}
    func close() {}
}
