import Glibc
import TouchCore
import TouchHost

/// A context's device: a controller on a link (serial port, pseudo-terminal, TCP) through
/// TouchHost's `DeviceSession`, or an input replayed in virtual time through TouchHost's
/// `ReplayDriver`, the driver `touchhost replay` runs, a bounded number of reports per dispatch.
final class DeviceSource {
    private enum Input {
        case link(DeviceSession)
        case replay(ReplayDriver)
    }

    private var input: Input
    let name: String
    private var started = false
    private(set) var ended = false
    /// Host time of the last request for the device's description.
    private var lastAsk: Microseconds = 0
    /// The controller emulated in-process for an `emulate:` source.
    private var emulator: RunningEmulator?

    /// What `th_context_open` was given, to open the link again after a loss (TH_CONTEXT_RECONNECT);
    /// nil where a lost link cannot come back (an emulator's pseudo-terminal dies with it).
    private var address: String?
    private var baud: Int?
    /// While the link is down and will be opened again: when the next try is due.
    private var reopenAt: Microseconds?
    private var backoff = ReconnectBackoff()
    /// Host time the current link was opened, until its controller describes itself.
    private var openedAt: Microseconds?
    /// The link was opened after a loss: a silent one is closed and tried again later.
    private var reopened = false
    private var reportedNoAnswer = false
    /// The link's descriptor is in the context's epoll set: only once its controller has described
    /// itself (until then it is read on `unansweredTick`).
    private var watching = false

    /// How often to ask again while a device has not described itself, as the session's handshake does.
    static let askInterval: Microseconds = 400_000
    /// How often timers are looked at while touches are down or a recognizer waits.
    static let timerTick: Microseconds = 10_000
    static let reportsPerDispatch = 512

    private init(_ input: Input, name: String) {
        self.input = input
        self.name = name
    }

    /// True while dispatch has work without new input: a replay with input left, or a link that
    /// has not asked for the device's description yet. The context's descriptor stays readable.
    var hasMoreWork: Bool {
        switch input {
        case .replay: return !ended
        case .link: return !started
        }
    }

    // MARK: Opening

    static func openContext(_ text: String, options: ContextOptions) throws(CallError) -> Context {
        if text.hasPrefix("replay:") {
            return try openReplay(String(text.dropFirst("replay:".count)), options: options)
        }
        var emulator: RunningEmulator? = nil
        var text = text
        if text.hasPrefix("emulate:") {
            emulator = try RunningEmulator.start(String(text.dropFirst("emulate:".count)))
            text = emulator!.path
        }
        let link: any ByteLink
        do {
            link = try LinkOpener.open(text, baud: options.baud)
        } catch {
            emulator?.stop()
            throw CallError(code(for: error, opening: true), error.description, systemError: error.systemError)
        }
        let context: Context
        do {
            context = try Context(options: options, source: .manual(pending: nil))
        } catch {
            link.close()
            emulator?.stop()
            throw error
        }
        context.hostClock = HostClockStamp()
        let source = DeviceSource(.link(session(link, for: context)), name: text)
        source.emulator = emulator
        if emulator == nil, options.reconnects {
            source.address = text
            source.baud = options.baud
        }
        source.openedAt = MonotonicClock.now()
        context.source = .device(source)
        return context
    }

    private static func code(for error: LinkError, opening: Bool) -> ErrorCode {
        switch error.cause {
        case .missing: return .notFound
        case .disconnected: return .disconnected
        case .other(let why) where opening && (why.hasPrefix("is a") || why.hasPrefix("is not")):
            return .invalidArgument
        case .other(let why) where opening && (why.hasPrefix("expected") || why.hasPrefix("bad value")
            || why.hasPrefix("unknown option") || why.hasPrefix("option") || why.hasPrefix("empty")):
            return .invalidArgument
        default: return .io
        }
    }

    /// A session whose pipeline runs the context's recognizers. The device's panel size and
    /// report rate apply unless the application's options chose them.
    private static func session(_ link: any ByteLink, for context: Context) -> DeviceSession {
        DeviceSession(link: link, sink: context.sink) { [unowned context] info, emit in
            let options = context.options
            let size = info.panelSize
            let rate = options.reportRateGiven ? options.reportRate : max(Int(info.reportRate), 1)
            context.log(.info, "\(info.summary)")
            return context.makePipeline(
                tracker: info.trackerConfiguration(reportRateHz: rate), panel: PanelSize(width: size.x, height: size.y),
                sink: emit)
        }
    }

    /// `replay:FILE[?format=script|evemu|unistroke&desc=FILE&size=WxH&px-mm=N]`, the options of
    /// `touchhost replay`.
    private static func openReplay(_ text: String, options: ContextOptions) throws(CallError) -> Context {
        var path = text
        var format = ReplayFormat.auto
        var importing = ImportOptions()
        if let mark = text.lastIndex(of: "?") {
            path = String(text[..<mark])
            for option in text[text.index(after: mark)...].split(separator: "&") {
                let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { throw CallError(.invalidArgument, "replay option '\(option)' has no value") }
                switch pair[0] {
                case "format":
                    guard let chosen = ReplayFormat(rawValue: pair[1]) else {
                        throw CallError(.invalidArgument, "unknown replay format '\(pair[1])' (auto, script, evemu, unistroke)")
                    }
                    format = chosen
                case "desc":
                    importing.description = pair[1]
                case "size":
                    let parts = pair[1].split(separator: "x").compactMap { Float(String($0)) }
                    guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                        throw CallError(.invalidArgument, "size '\(pair[1])' is not WxH in mm")
                    }
                    importing.size = PanelSize(width: parts[0], height: parts[1])
                case "px-mm":
                    guard let value = Float(pair[1]), value > 0 else { throw CallError(.invalidArgument, "px-mm '\(pair[1])' is not a positive number") }
                    importing.millimetresPerPixel = value
                default:
                    throw CallError(.invalidArgument, "unknown replay option '\(pair[0])' (format, desc, size, px-mm)")
                }
            }
        }
        guard !path.isEmpty else { throw CallError(.invalidArgument, "replay: needs a file name") }
        guard access(path, R_OK) == 0 else {
            let why = String(cString: strerror(errno))
            throw CallError(errno == ENOENT ? .notFound : .io, "\(path): \(why)")
        }
        let loaded: ReplaySource
        do {
            loaded = try ReplaySource.load(path: path, format: format, options: importing)
        } catch {
            throw CallError(.format, error.message)
        }
        var options = options
        if !options.panelGiven {
            options.panelWidth = loaded.panel.width
            options.panelHeight = loaded.panel.height
        }
        if !options.reportRateGiven { options.reportRate = loaded.reportRate }
        let context = try Context(options: options, source: .manual(pending: nil))
        let driver = ReplayDriver(loaded, sink: context.sink) { [unowned context] tracker, panel, sink in
            var tracker = tracker
            if context.options.reportRateGiven { tracker.reportRateHz = context.options.reportRate }
            return context.makePipeline(tracker: tracker, panel: panel, sink: sink)
        }
        context.source = .device(DeviceSource(.replay(driver), name: path))
        return context
    }

    // MARK: Dispatch

    func dispatch(_ context: Context) throws(CallError) {
        guard !ended else { throw CallError(.disconnected, "\(name): the source has ended") }
        switch input {
        case .link(let session): try dispatchLink(session, context)
        case .replay(let driver): try dispatchReplay(driver, context)
        }
    }

    /// One bounded step on a link: at most `DeviceSession.maxBytesPerPump` bytes read and decoded,
    /// one request for the device's description, one attempt to reopen a lost link.
    private func dispatchLink(_ session: DeviceSession, _ context: Context) throws(CallError) {
        context.wake.clearTimer()
        let now = MonotonicClock.now()
        if let due = reopenAt {
            guard now >= due else {
                context.wake.setTimer(afterMicroseconds: due - now)
                return
            }
            guard reopen(session, context) else { return }
        }
        if session.info == nil, !started || now - lastAsk >= Self.askInterval {
            started = true
            lastAsk = now
            do {
                try withoutSIGPIPE { () throws(LinkError) in try session.send(.getInfo) }
            } catch {
                try lost(session, context, because: error)
                return
            }
        }
        let failure = context.run { () -> LinkError? in
            do throws(LinkError) {
                try session.pump(milliseconds: 0)
                return nil
            } catch {
                return error
            }
        }
        noticeRecordingFailure(context)
        if let failure {
            try lost(session, context, because: failure)
            return
        }
        if session.info != nil {
            if !watching {
                context.wake.watch(session.link.pollDescriptor)
                watching = true
            }
            openedAt = nil
            reopened = false
            reportedNoAnswer = false
            backoff = ReconnectBackoff()
        } else if let opened = openedAt, now - opened >= DeviceSession.answerTimeout {
            try unanswered(session, context)
            return
        }
        // The session lets timers fire on the host's clock while the device is silent; the timer
        // brings the application back to dispatch while anything could still fire.
        if session.info == nil {
            context.wake.setTimer(afterMicroseconds: Self.unansweredTick)
        } else if session.hasLiveTouches || context.pipeline?.nextDeadline != nil {
            context.wake.setTimer(afterMicroseconds: Self.timerTick)
        } else {
            context.wake.setTimer(afterMicroseconds: nil)
        }
    }

    /// Until a controller describes itself the link is read on the timer, not whenever it is
    /// readable: a port streaming text or noise costs a read every 20 ms, not a busy loop.
    static let unansweredTick: Microseconds = 20_000
    /// The longest a reopened TCP connect may hold dispatch up (a name lookup is not bounded).
    static let reconnectTimeoutMilliseconds: Int32 = 250

    /// The link failed: live touches and gestures are cancelled and a `disconnected` status, naming
    /// the port and the cause, is queued. With TH_CONTEXT_RECONNECT the port is tried again after
    /// `ReconnectBackoff`'s waits and dispatch goes on returning TH_OK; without, the context ends.
    private func lost(_ session: DeviceSession, _ context: Context, because error: LinkError) throws(CallError) {
        dropLink(session, context)
        context.statusDetail = error.description
        context.run { session.disconnected() }
        guard address != nil else {
            ended = true
            context.log(.error, error.description)
            throw CallError(.disconnected, error.description, systemError: error.systemError)
        }
        let wait = backoff.next()
        reopenAt = MonotonicClock.now() + wait
        context.wake.setTimer(afterMicroseconds: wait)
        context.log(.warning, "\(error.description); trying again in \(wait / 1_000) ms")
    }

    private func dropLink(_ session: DeviceSession, _ context: Context) {
        endRecordingAtLoss()
        if watching { context.wake.unwatch(session.link.pollDescriptor) }
        watching = false
        context.wake.setTimer(afterMicroseconds: nil)
        session.link.close()
    }

    /// One try at opening the lost port again; true when it opened (its controller still has to
    /// describe itself: `reconnected` comes with that).
    private func reopen(_ session: DeviceSession, _ context: Context) -> Bool {
        guard let address else { return false }
        let link: any ByteLink
        do {
            link = try LinkOpener.open(address, baud: baud, connectTimeoutMilliseconds: Self.reconnectTimeoutMilliseconds)
        } catch {
            let wait = backoff.next()
            reopenAt = MonotonicClock.now() + wait
            context.wake.setTimer(afterMicroseconds: wait)
            context.log(.info, "\(error.description); trying again in \(wait / 1_000) ms")
            return false
        }
        reopenAt = nil
        session.reattach(link)
        started = false
        reopened = true
        openedAt = MonotonicClock.now()
        context.log(.info, "\(name): opened again; waiting for the controller to describe itself")
        return true
    }

    /// No controller described itself within `DeviceSession.answerTimeout`. A port opened again
    /// after a loss is closed and tried later, as a failed reopen. A port just opened gets one
    /// TH_STATUS_NO_ANSWER event and one TH_ERR_TIMED_OUT naming the port, the baud rate and what
    /// came instead; the context goes on asking, in case the controller is powered up later.
    private func unanswered(_ session: DeviceSession, _ context: Context) throws(CallError) {
        let failure = session.noAnswer
        if reopened {
            dropLink(session, context)
            let wait = backoff.next()
            reopenAt = MonotonicClock.now() + wait
            context.wake.setTimer(afterMicroseconds: wait)
            context.log(.info, "\(failure.description); trying again in \(wait / 1_000) ms")
            return
        }
        openedAt = nil
        context.wake.setTimer(afterMicroseconds: Self.unansweredTick)
        guard !reportedNoAnswer else { return }
        reportedNoAnswer = true
        context.enqueue(.noAnswer(detail: failure.description, at: context.pipeline?.lastTime ?? context.now))
        throw CallError(.timedOut, failure.description)
    }

    /// Up to `reportsPerDispatch` reports per call, and no more once the queue is half full, so a
    /// long input neither holds the application up nor overflows its queue; the call that reaches
    /// the end lets every timer resolve and reports the end as a disconnect, as a device that went away.
    private func dispatchReplay(_ driver: ReplayDriver, _ context: Context) throws(CallError) {
        let finished = context.run { driver.step(limit: Self.reportsPerDispatch, while: { context.hasRoom }) }
        context.now = max(context.now, driver.lastTime)
        guard finished else { return }
        ended = true
        context.statusDetail = "\(name): the replay has ended"
        context.run { context.sink(.status(StatusEvent(kind: .disconnected, timestamp: driver.lastTime))) }
        throw CallError(.disconnected, "\(name): the replay has ended")
    }

    /// th_context_cancel_touches on a device context: at the input's latest time.
    func cancelTouches(_ context: Context) {
        switch input {
        case .replay(let driver): context.run { driver.cancelAll() }
        case .link:
            guard let pipeline = context.pipeline else { return }
            context.run { pipeline.cancelAll(at: pipeline.lastTime) }
        }
    }

    // MARK: Recording (th_context_start_recording)

    /// The recorder wrapped around the live link, while one runs.
    private var recorder: RecordingLink?
    /// Why the last recording ended by itself (the link went away), said by the next stop.
    private var recordingEnd: String?
    private var reportedRecordingFailure = false

    /// Starts a `.threc` recording of the link with TouchHost's `RecordingLink`, what `touchhost
    /// record` writes: every byte from here on, after the controller's description when it gave one.
    func startRecording(to path: String, _ context: Context) throws(CallError) {
        guard case .link(let session) = input else { throw CallError(.notSupported, "a replay is a recording already") }
        if let recorder { throw CallError(.exists, "the context records to \(recorder.path) already") }
        guard !ended, reopenAt == nil else { throw CallError(.disconnected, "\(name): the device went away; nothing to record") }
        let made: RecordingLink
        do {
            made = try RecordingLink(session.link, path: path, describedAs: session.info)
        } catch {
            throw CallError(error.systemError == ENOENT ? .notFound : .io, error.message, systemError: error.systemError)
        }
        session.relink(made)
        recorder = made
        recordingEnd = nil
        reportedRecordingFailure = false
    }

    /// Ends the recording; its byte count, or why it ended badly (a write refused, the link lost).
    func stopRecording() throws(CallError) -> Int {
        guard let recorder else {
            if let end = recordingEnd {
                recordingEnd = nil
                throw CallError(.disconnected, end)
            }
            throw CallError(.notFound, "the context is not recording")
        }
        self.recorder = nil
        if case .link(let session) = input, session.link === recorder { session.relink(recorder.detach()) } else { _ = recorder.detach() }
        if let failure = recorder.failure { throw CallError(.io, failure.message, systemError: failure.systemError) }
        return recorder.recordedBytes
    }

    /// What th_context_get_recording_status says: the bytes so far, or the failure that stopped them.
    func recordingStatus() throws(CallError) -> Int {
        guard let recorder else {
            if let end = recordingEnd { throw CallError(.disconnected, end) }
            throw CallError(.notFound, "the context is not recording")
        }
        if let failure = recorder.failure { throw CallError(.io, failure.message, systemError: failure.systemError) }
        return recorder.recordedBytes
    }

    /// A write the recording file refused is logged once, when dispatch notices it; the status and
    /// the stop report it too.
    private func noticeRecordingFailure(_ context: Context) {
        guard let failure = recorder?.failure, !reportedRecordingFailure else { return }
        reportedRecordingFailure = true
        context.log(.error, failure.message)
    }

    /// The link went away under a recording: the file is complete up to the loss and closed.
    private func endRecordingAtLoss() {
        guard let recorder else { return }
        self.recorder = nil
        recordingEnd = "the recording to \(recorder.path) ended when the link went away, after \(recorder.recordedBytes) bytes"
    }

    // MARK: Commands and info

    func send(_ command: HostCommand) throws(CallError) {
        guard case .link(let session) = input else { throw CallError(.notSupported, "a replay takes no commands") }
        guard !ended else { throw CallError(.disconnected, "\(name): the device went away") }
        guard reopenAt == nil else { throw CallError(.disconnected, "\(name): the device went away; reconnecting") }
        do {
            try withoutSIGPIPE { () throws(LinkError) in try session.send(command) }
        } catch {
            throw CallError(Self.code(for: error, opening: false), error.description, systemError: error.systemError)
        }
    }

    func writeInfo(to p: UnsafeMutableRawPointer) throws(CallError) {
        guard case .link(let session) = input else { throw CallError(.notSupported, "a replay has no device to describe") }
        guard let info = session.info else { throw CallError(.again, "\(name) has not described itself yet") }
        typealias L = CLayout.DeviceInfo
        p.set(L.protocolVersion, UInt32(info.protocolVersion))
        p.set(L.firmwareMajor, UInt32(info.firmwareVersion.major))
        p.set(L.firmwareMinor, UInt32(info.firmwareVersion.minor))
        p.set(L.firmwarePatch, UInt32(info.firmwareVersion.patch))
        p.set(L.maxContacts, UInt32(info.maxContacts))
        p.set(L.reportRate, UInt32(info.reportRate))
        p.set(28, UInt32(0))
        p.set(L.panelWidth, Double(info.panelSize.x))
        p.set(L.panelHeight, Double(info.panelSize.y))
        let name = String(decoding: (0..<info.boardName.count).map { info.boardName[$0] }, as: UTF8.self)
        let board = Array(name.utf8.prefix(L.boardCapacity - 1)) + [0]
        for (i, byte) in board.enumerated() { p.storeBytes(of: byte, toByteOffset: L.board + i, as: UInt8.self) }
    }

    func close() {
        if case .link(let session) = input, !ended { session.link.close() }
        emulator?.stop()
        ended = true
    }
}
