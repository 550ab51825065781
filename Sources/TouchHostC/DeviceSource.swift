import Glibc
import TouchCore
import TouchHost

/// A context's device: a TouchHost `Session` the context dispatches, the same non-blocking one the
/// CLI's run loop drives: a controller on a link (serial port, pseudo-terminal, TCP) through
/// `DeviceSession`, whose states do the handshake, requests, backoff and reopening; or an input
/// replayed in virtual time through TouchHost's `ReplayDriver`, the driver `touchhost replay` runs,
/// a bounded number of reports per dispatch. This type only maps the session onto the context:
/// its descriptor into the context's epoll set, its next instant onto the timerfd, its news onto
/// log lines, statuses and error codes.
final class DeviceSource {
    private enum Input {
        case link(DeviceSession)
        case legacy(LegacySession)
        case evdev(EvdevSession)
        case replay(ReplayDriver)
    }

    private var input: Input
    let name: String
    private var started = false
    private(set) var ended = false
    /// The controller emulated in-process for an `emulate:` source.
    private var emulator: RunningEmulator?
    /// The link descriptor in the context's epoll set: only while its controller streams (until
    /// then the link is read on the timer, so a port streaming text or noise is not a busy loop).
    private var watched: Int32?
    /// What the last dispatch must report as its result, from the session's news.
    private var callFailure: CallError?

    /// Until a controller describes itself the link is read this often.
    static let unansweredTick: Microseconds = 20_000
    static let reportsPerDispatch = 512
    /// The longest a reopened TCP connect may hold dispatch up (a name lookup is not bounded).
    static let reconnectTimeoutMilliseconds: Int32 = 250

    private init(_ input: Input, name: String) {
        self.input = input
        self.name = name
    }

    /// Where a live session's events happened on CLOCK_MONOTONIC, for the context's stamps
    /// (th_event_get_time); nil for a replay, whose time is its input's.
    var hostInstant: ((Microseconds) -> Microseconds)? {
        let session: any Session
        switch input {
        case .link(let link): session = link
        case .legacy(let legacy): session = legacy
        case .evdev(let evdev): session = evdev
        case .replay: return nil
        }
        return { [unowned session] in session.hostInstant(ofSessionTime: $0) }
    }

    /// True while dispatch has work without new input: a replay with input left, or a link that
    /// has not been dispatched yet. The context's descriptor stays readable.
    var hasMoreWork: Bool {
        switch input {
        case .replay: return !ended
        case .link, .legacy, .evdev: return !started
        }
    }

    // MARK: Opening

    static func openContext(_ text: String, options: ContextOptions) throws(CallError) -> Context {
        if text.hasPrefix("replay:") {
            return try openReplay(String(text.dropFirst("replay:".count)), options: options)
        }
        var spec: SourceSpec
        do {
            spec = try SourceSpec.parse(text)
        } catch {
            throw CallError(code(for: error), error.description)
        }
        var emulator: RunningEmulator? = nil
        if spec.address.hasPrefix("emulate:") {
            emulator = try RunningEmulator.start(String(spec.address.dropFirst("emulate:".count)))
            spec.address = emulator!.path
        }
        let context: Context
        do {
            context = try Context(options: options, source: .manual(pending: nil))
        } catch {
            emulator?.stop()
            throw error
        }
        // The context's recognizers over the device's panel, at the application's report rate if it chose one.
        var recipe = SessionRecipe(recognizerNames: RecognizerSelection.kiosk.engineNames, baud: options.baud, sink: context.sink) {
            [unowned context] tracker, panel, sink in context.makePipeline(tracker: tracker, panel: panel, sink: sink)
        }
        recipe.reportRateHz = options.reportRateGiven ? options.reportRate : nil
        // An emulator's pseudo-terminal dies with it: only a real port is opened again.
        recipe.reopens = emulator == nil && options.reconnects
        let opened: OpenedSession
        do {
            opened = try spec.openSession(recipe)
        } catch let error as LinkError {
            emulator?.stop()
            throw CallError(code(for: error), error.description, systemError: error.systemError)
        } catch {
            emulator?.stop()
            // An input device that cannot be opened: missing, or there but refused (permission, not evdev).
            let missing = access(spec.address, F_OK) != 0
            throw CallError(missing ? .notFound : .io, "\(error)")
        }
        let name = spec.address
        if let line = opened.summary(name: name) { context.log(.info, line) }
        switch opened {
        case .controller(let session):
            // The context goes on asking a silent port, in case its controller is powered up later.
            session.keepsAskingUnanswered = true
            var logged = false
            let requested = session.onDescribed
            session.onDescribed = { [unowned context] session in
                if !logged, let info = session.info {
                    logged = true
                    context.log(.info, info.summary)
                }
                requested?(session)
            }
            let source = DeviceSource(.link(session), name: name)
            source.emulator = emulator
            session.onNews = { [unowned source, unowned context] news in source.tell(news, context) }
            context.source = .device(source)
        case .legacy(let session, _, _):
            context.source = .device(DeviceSource(.legacy(session), name: name))
        case .inputDevice(let session):
            context.source = .device(DeviceSource(.evdev(session), name: name))
        }
        return context
    }

    /// The C error for a link's failure, from its typed cause (never from its words).
    private static func code(for error: LinkError) -> ErrorCode {
        switch error.cause {
        case .missing: return .notFound
        case .disconnected, .notReading: return .disconnected
        case .invalid: return .invalidArgument
        case .busy, .permissionDenied, .timedOut, .other: return .io
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
                    guard let size = PanelSize(millimetres: pair[1]) else {
                        throw CallError(.invalidArgument, "size '\(DisplayText.excerpt(pair[1]))' is not WxH in mm")
                    }
                    importing.size = size
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
        case .link(let session):
            // Until its controller describes itself the link is read on the timer.
            try dispatchLive(session, context, readsOnTimer: session.state != .streaming)
        case .legacy(let session): try dispatchLive(session, context, readsOnTimer: false)
        case .evdev(let session): try dispatchLive(session, context, readsOnTimer: false)
        case .replay(let driver): try dispatchReplay(driver, context)
        }
    }

    /// One bounded step of the session: at most `DeviceSession.maxBytesPerPump` bytes read and
    /// decoded, one request for the device's description, one attempt to reopen a lost link.
    private func dispatchLive(_ session: any Session, _ context: Context, readsOnTimer: Bool) throws(CallError) {
        context.wake.clearTimer()
        started = true
        callFailure = nil
        let now = SessionRunLoop.now()
        let due = context.run { withoutSIGPIPE { session.dispatch(now: now) } }
        noticeRecordingFailure(context)
        let reading = readsOnTimer && !session.hasEnded
        watch(reading ? nil : session.descriptor, context)
        if session.hasEnded {
            ended = true
            context.wake.setTimer(afterMicroseconds: nil)
            let failure = session.failure ?? LinkError(port: name, cause: .disconnected)
            throw CallError(.disconnected, failure.description, systemError: failure.systemError)
        }
        var wait = due.map { max(0, $0 - now) }
        if reading { wait = min(wait ?? Self.unansweredTick, Self.unansweredTick) }
        context.wake.setTimer(afterMicroseconds: wait)
        if let callFailure { throw callFailure }
    }

    /// Keeps the context's epoll set on the session's current descriptor.
    private func watch(_ descriptor: Int32?, _ context: Context) {
        guard descriptor != watched else { return }
        if let watched { context.wake.unwatch(watched) }
        if let descriptor { context.wake.watch(descriptor) }
        watched = descriptor
    }

    /// The session's news as the context says it: a lost link's cause rides on its `disconnected`
    /// status and in the log; with TH_CONTEXT_RECONNECT the port is tried again after
    /// `ReconnectBackoff`'s waits and dispatch goes on returning TH_OK, without it the context
    /// ends. A port that never answered gets one TH_STATUS_NO_ANSWER event and one TH_ERR_TIMED_OUT
    /// naming the port, the baud rate and what came instead.
    private func tell(_ news: DeviceSession.LinkNews, _ context: Context) {
        switch news {
        case .lost(let error, let retryIn):
            endRecordingAtLoss()
            context.statusDetail = error.description
            if let retryIn {
                context.log(.warning, "\(error.description); trying again in \(retryIn / 1_000) ms")
            } else {
                context.log(.error, error.description)
            }
        case .retrying(let error, let retryIn):
            context.log(.info, "\(error.description); trying again in \(retryIn / 1_000) ms")
        case .reopened:
            context.log(.info, "\(name): opened again; waiting for the controller to describe itself")
        case .noAnswer(let failure):
            context.enqueue(.noAnswer(detail: failure.description, at: context.pipeline?.lastTime ?? context.now))
            callFailure = CallError(.timedOut, failure.description)
        }
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
        case .legacy(let session): context.run { session.cancelAll(now: SessionRunLoop.now()) }
        case .evdev(let session): context.run { session.cancelAll(now: SessionRunLoop.now()) }
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
        guard case .link(let session) = input else {
            throw CallError(.notSupported, "only a touchhost controller's link can be recorded (a replay is a recording already)")
        }
        if let recorder { throw CallError(.exists, "the context records to \(recorder.path) already") }
        guard !ended, session.state != .ended, !session.isReopening else { throw CallError(.disconnected, "\(name): the device went away; nothing to record") }
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
        guard case .link(let session) = input else { throw CallError(.notSupported, "only a touchhost controller takes commands") }
        guard !ended else { throw CallError(.disconnected, "\(name): the device went away") }
        guard !session.isReopening else { throw CallError(.disconnected, "\(name): the device went away; reconnecting") }
        do {
            try withoutSIGPIPE { () throws(LinkError) in try session.send(command) }
        } catch {
            throw CallError(Self.code(for: error), error.description, systemError: error.systemError)
        }
    }

    func writeInfo(to p: UnsafeMutableRawPointer) throws(CallError) {
        guard case .link(let session) = input else { throw CallError(.notSupported, "only a touchhost controller describes itself") }
        guard let info = session.info else { throw CallError(.again, "\(name) has not described itself yet") }
        typealias L = CLayout.DeviceInfo
        p.set(L.protocolVersion, UInt32(info.protocolVersion))
        p.set(L.firmwareMajor, UInt32(info.firmwareVersion.major))
        p.set(L.firmwareMinor, UInt32(info.firmwareVersion.minor))
        p.set(L.firmwarePatch, UInt32(info.firmwareVersion.patch))
        p.set(L.maxContacts, UInt32(info.maxContacts))
        p.set(L.reportRate, UInt32(info.reportRate))
        p.set(L.reserved, UInt32(0))
        p.set(L.panelWidth, Double(info.panelSize.x))
        p.set(L.panelHeight, Double(info.panelSize.y))
        let name = String(decoding: (0..<info.boardName.count).map { info.boardName[$0] }, as: UTF8.self)
        let board = Array(name.utf8.prefix(L.boardCapacity - 1)) + [0]
        for (i, byte) in board.enumerated() { p.storeBytes(of: byte, toByteOffset: L.board + i, as: UInt8.self) }
    }

    func close() {
        switch input {
        case .link(let session): session.close()
        case .legacy(let session): session.close()
        case .evdev(let session): session.close()
        case .replay: break
        }
        emulator?.stop()
        ended = true
    }
}
