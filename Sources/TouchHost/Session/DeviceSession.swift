import TouchCore

/// A touchhost controller on a link, from the host's side, as a non-blocking `Session`: the
/// handshake, requests and their answers, a stalled or lost link, backoff and reopening are states
/// that `dispatch(now:)` advances; bytes go through the frame decoder to contact frames in
/// millimetres and the pipeline (DeviceSession+Messages.swift). It never waits and never reads a
/// clock: the owner's `now` is the only host time it knows, so a test drives it through a
/// scripted link in virtual time. Device time drives the pipeline; between reports the host's time
/// stands in for it so that timers (a double-tap window, the report timeout) still fire when the
/// device falls silent.
///
/// Whatever the bytes say, the stream it emits keeps the promises of contracts.md section 3: `t`
/// never decreases (a late report is taken as happening at the session's present and the device
/// clock continues from there), every `began` gets one `ended` or `cancelled`, tracking ids are
/// never reused and slots stay in range. Touches come from one source per session (`TouchSource`).
public final class DeviceSession: Session {
    public internal(set) var link: any ByteLink
    public internal(set) var info: DeviceInfo?
    public internal(set) var decoder = FrameDecoder()
    var clock = DeviceClock()
    /// Where session time falls on the owner's clock, re-estimated on every device clock (`hostInstant`).
    var scanClock = ScanClock()
    var pipeline: Pipeline?
    let makePipeline: (DeviceInfo, @escaping (HostEvent) -> Void) -> Pipeline
    let sink: (HostEvent) -> Void
    private var nextRequestId: UInt8 = 1
    private var buffer: [UInt8] = []
    /// The last device time seen and the host time it arrived at.
    var lastDeviceTime: Microseconds = 0
    var lastArrival: Microseconds?
    /// Host time of the last event delivered, for `--until-idle`.
    public internal(set) var lastActivity: Microseconds = 0
    /// The owner's time as of its last call (`dispatch`, `receive(_:at:)`, `cancelAll`, `finish`).
    public internal(set) var hostTime: Microseconds = 0
    /// Touches and gestures tracked upstream (a controller in gestures mode, a bridge), made the session's own.
    public var controllerEvents = ControllerGestureSource()

    /// Where the session's touches come from. Its own tracker (contact reports, heatmaps) and an
    /// upstream tracker (touch and gesture events) number touches independently, so one session
    /// listens to one of them: in gestures mode to the upstream's events from the moment it is
    /// asked for (reports a controller sends before it switches, or after a reset, are ignored);
    /// in any other mode to whichever kind arrives first, for good: a controller sends reports, a
    /// bridge events. Frames of the other kind are then refused and counted as `rejected`.
    public enum TouchSource: Sendable {
        case undecided
        case tracker
        case upstream
    }

    public internal(set) var touchSource = TouchSource.undecided
    /// The device was asked to recognize (gestures mode): its reports are expected to stop, not refused.
    public internal(set) var upstreamRecognizes = false

    /// The most bytes one dispatch reads before it processes them and returns, so a link that never
    /// runs dry (a flood, `/dev/zero`) costs bounded memory and the owner's limits are checked.
    public static let maxBytesPerPump = 65_536
    /// Heatmap slices as they arrive (after `setMode(.both)` or `.heatmap`), for the live view.
    public var onHeatmap: ((HeatmapSlice) -> Void)?
    /// Told when the pipeline is made, once the device has described itself.
    public var onPipeline: ((Pipeline) -> Void)?

    /// Host time the device may be silent before its clock is extrapolated: an extrapolated time
    /// must never pass a report still on its way, and a busy machine (or an emulator on it) can hold
    /// reports back for well over a report period; past the tracker's 100 ms timeout they would
    /// split touches. A device that stops reporting when untouched gets its timers this much late.
    public static let idleLag: Microseconds = 250_000

    /// The silence `idleLag` allows for, plus an idling device's report interval when it announced
    /// one (`DeviceInfo.idle`) and no touch is down: its reports are that far apart by design, and
    /// extrapolating past one still on its way would shift the session's clock. A device that
    /// really stalls while idling still has its timers fire, within that interval plus the lag.
    public var silenceAllowance: Microseconds {
        guard let idle = info?.idle, !hasLiveTouches else { return Self.idleLag }
        return Self.idleLag + idle.reportIntervalMicroseconds
    }
    /// How long a link may go without a controller describing itself before the session says
    /// nothing answered: five requests for its description, `askInterval` apart.
    public static let answerTimeout: Microseconds = 2_000_000
    public static let askInterval: Microseconds = 400_000
    /// How long bytes may wait for a device that does not read before the link counts as lost.
    public static let writeStallLimit: Microseconds = 2_000_000

    // MARK: Link states

    /// Where the link stands.
    public enum LinkState: Equatable, Sendable {
        /// Open; asking the device to describe itself every `askInterval`, since `openedAt`.
        case describing(openedAt: Microseconds, nextAsk: Microseconds)
        /// The device described itself; reports flow.
        case streaming
        /// The link was lost; the next attempt to open it again is due `at`.
        case reopening(at: Microseconds)
        /// Over for good: `failure` says why.
        case ended
    }

    public private(set) var state: LinkState = .describing(openedAt: .min, nextAsk: .min)
    /// The link was lost and is to be opened again.
    public var isReopening: Bool { if case .reopening = state { true } else { false } }
    /// Why the session ended: the link lost without `reopen`, no controller answering, a request refused.
    public private(set) var failure: LinkError?

    /// Opens the device's link again after a loss; nil: a lost link ends the session.
    public var reopen: (() throws(LinkError) -> any ByteLink)?
    /// Told each time the device has described itself on a new link (the first and every reopened
    /// one): the place to ask for what the owner wants streamed (a mode, heatmaps).
    public var onDescribed: ((DeviceSession) -> Void)?
    /// What happened to the link, for the owner's log or output.
    public var onNews: ((LinkNews) -> Void)?
    /// What the session does when the first link gets no answer within `answerTimeout`: end with
    /// `failure` (the CLI), or say so once (`LinkNews.noAnswer`) and go on asking (the C API, for a
    /// controller powered up later).
    public var keepsAskingUnanswered = false

    public enum LinkNews {
        /// The link failed; `retryIn` says when it is opened again (nil: never).
        case lost(LinkError, retryIn: Microseconds?)
        /// A try at opening it again failed, or a reopened link stayed silent: tried again after `retryIn`.
        case retrying(LinkError, retryIn: Microseconds)
        /// The link is open again; its controller has yet to describe itself.
        case reopened(name: String)
        /// No controller described itself on the first link (`keepsAskingUnanswered`).
        case noAnswer(LinkError)
    }

    private var backoff = ReconnectBackoff()
    /// The current link was opened after a loss: a silent one is closed and tried again later.
    private var reopened = false
    private var reportedNoAnswer = false
    private var everDescribed = false
    /// Since when bytes have waited for the device to read them.
    private var stalledSince: Microseconds?
    /// A failure noticed outside dispatch (a write from `send`): handled by the next dispatch.
    private var pendingLoss: LinkError?
    /// Set while a new link waits for its description: it is announced as `reconnected`.
    var announcesReconnect = false
    /// Counts links attached, so a read decoded on a copy does not bring back an old link's decoder.
    var attachments = 0
    /// The first bytes heard while waiting for the device's info, to say what answered instead.
    var heard: [UInt8] = []
    /// Frames refused since the last report, as one `rejected` status for the bytes just handled.
    var refused: UInt32 = 0
    /// The latest `t` emitted and the highest tracking id shown, so nothing goes back or repeats.
    var lastEmitted: Microseconds = 0
    var highestTouchId: UInt32 = 0
    /// Where contacts come from: the controller's reports, or the host's own search of the
    /// heatmaps it streams (`streamHeatmaps()`).
    public internal(set) var heatmapFinder: HeatmapContactFinder?

    public init(
        link: any ByteLink, sink: @escaping (HostEvent) -> Void,
        makePipeline: @escaping (DeviceInfo, @escaping (HostEvent) -> Void) -> Pipeline
    ) {
        self.link = link
        self.sink = sink
        self.makePipeline = makePipeline
    }

    // MARK: Session

    public var descriptor: Int32? {
        switch state {
        case .describing, .streaming: return link.pollDescriptor >= 0 ? link.pollDescriptor : nil
        case .reopening, .ended: return nil
        }
    }

    public var wantsToWrite: Bool { descriptor != nil && link.queuedOutput > 0 }

    public var hasEnded: Bool { state == .ended }

    /// True while a touch is down.
    public var hasLiveTouches: Bool { (pipeline?.hasLiveTouches ?? false) || controllerEvents.hasLiveTouches }

    public func dispatch(now: Microseconds) -> Microseconds? {
        hostTime = max(hostTime, now)
        if case .reopening(let due) = state {
            guard now >= due else { return due }
            tryReopening()
        }
        guard state != .ended else { return nil }
        if case .reopening(let due) = state { return due }
        if let loss = pendingLoss {
            lose(loss)
            return nextInstant(readFully: true)
        }
        if case .describing(let opened, let nextAsk) = state {
            if opened == .min {
                state = .describing(openedAt: now, nextAsk: now + Self.askInterval)
                post(.getInfo)
            } else if now >= nextAsk, now - opened < Self.answerTimeout {
                state = .describing(openedAt: opened, nextAsk: now + Self.askInterval)
                post(.getInfo)
            }
        }
        do {
            try link.flushOutput()
        } catch {
            lose(error)
            return nextInstant(readFully: true)
        }
        var readFully = true
        do {
            readFully = try readAvailable() < Self.maxBytesPerPump
        } catch {
            lose(explained(error))
            return nextInstant(readFully: true)
        }
        if let loss = pendingLoss {
            lose(loss)
            return nextInstant(readFully: true)
        }
        checkStall()
        if case .describing(let opened, _) = state, now - opened >= Self.answerTimeout { unanswered() }
        expireRequests()
        advanceIdle()
        return nextInstant(readFully: readFully)
    }

    /// The input was cut (a signal, `--duration`): every live touch and every gesture under way is
    /// cancelled now, since nobody lifted them. `finish` may follow to let pending timers fire.
    public func cancelAll(now: Microseconds) {
        hostTime = max(hostTime, now)
        cancelEverything(at: estimatedDeviceTime())
    }

    /// The input is over: every pending timer fires and touches still down are cancelled.
    public func finish(now: Microseconds) {
        hostTime = max(hostTime, now)
        pipeline?.finish()
        for event in controllerEvents.cancelAll(at: present) { emit(event) }
    }

    /// The owner's time of the scan behind an event at `sessionTime`: from the reports' arrivals
    /// on the current device clock (`ScanClock`, whose bound docs/architecture.md states), never
    /// later than the owner's latest `now`; before any report, that `now`.
    public func hostInstant(ofSessionTime sessionTime: Microseconds) -> Microseconds {
        min(scanClock.hostInstant(of: sessionTime) ?? hostTime, hostTime)
    }

    /// `finish(now:)` at the session's latest host time (a replay, a test fed by hand).
    public func finish() { finish(now: hostTime) }

    /// The next instant dispatch has work without input: the next request for a description, a
    /// request's deadline, a stalled write's limit, a reopening, or the pipeline's next timer
    /// (which fires `silenceAllowance` after the device's time stood still).
    private func nextInstant(readFully: Bool) -> Microseconds? {
        var next: Microseconds? = readFully ? nil : hostTime
        func consider(_ instant: Microseconds?) {
            guard let instant else { return }
            next = min(next ?? instant, instant)
        }
        switch state {
        case .ended: return nil
        case .reopening(let due): return due
        case .describing(let opened, let nextAsk):
            consider(nextAsk)
            consider(opened + Self.answerTimeout)
        case .streaming: break
        }
        consider(requests.map(\.deadline).min())
        if let stalledSince { consider(stalledSince + Self.writeStallLimit) }
        if let deadline = pipeline?.nextDeadline {
            let arrival = lastArrival ?? hostTime
            consider(arrival + silenceAllowance + max(0, deadline - lastDeviceTime))
        }
        if controllerEvents.hasLiveTouches { consider(hostTime + Self.idleLag) }
        return next
    }

    // MARK: Commands

    /// Sends a command without waiting for its reply; returns the request id the reply will carry.
    /// A link that fails here is handled (as lost) by the next dispatch.
    @discardableResult
    public func send(_ command: HostCommand) throws(LinkError) -> UInt8 {
        switch state {
        case .describing, .streaming: break
        case .reopening, .ended: throw LinkError(port: link.name, cause: .disconnected)
        }
        var bytes = ByteBuffer()
        FrameEncoder.writeDelimiter(to: &bytes)
        let requestId = nextRequestId
        FrameEncoder.encode(CommandFrame(requestId: requestId, command: command), to: &bytes)
        nextRequestId = nextRequestId == UInt8.max ? 1 : nextRequestId + 1
        do {
            try link.write(bytes.bytes)
        } catch {
            if pendingLoss == nil { pendingLoss = error }
            throw error
        }
        return requestId
    }

    /// A command the session sends itself: a failure is the link's, seen by dispatch.
    public func post(_ command: HostCommand) { _ = try? send(command) }

    /// A command waiting for its reply.
    struct Request {
        var command: HostCommand
        var requestId: UInt8
        var triesLeft: Int
        var wait: Microseconds
        var deadline: Microseconds
        var completion: (CommandReply?) -> Void
    }

    var requests: [Request] = []

    /// Sends a command and calls `completion` with the device's reply, sending it again (under a
    /// new request id) after each `wait` of silence: a reply lost to a bad byte costs a retry, not
    /// the command. After `attempts` silences `completion` gets nil.
    public func request(
        _ command: HostCommand, attempts: Int = 3, wait: Microseconds = 300_000,
        completion: @escaping (CommandReply?) -> Void
    ) {
        guard let requestId = try? send(command) else { return completion(nil) }
        requests.append(Request(
            command: command, requestId: requestId, triesLeft: attempts - 1, wait: wait, deadline: hostTime + wait,
            completion: completion))
    }

    /// A reply for a waiting request.
    func answer(_ reply: CommandReply) {
        guard let index = requests.firstIndex(where: { $0.requestId == reply.requestId }) else { return }
        let request = requests.remove(at: index)
        request.completion(reply)
    }

    private func expireRequests() {
        var index = 0
        while index < requests.count {
            guard hostTime >= requests[index].deadline else {
                index += 1
                continue
            }
            var request = requests[index]
            guard request.triesLeft > 0, let id = try? send(request.command) else {
                requests.remove(at: index)
                request.completion(nil)
                continue
            }
            request.requestId = id
            request.triesLeft -= 1
            request.deadline = hostTime + request.wait
            requests[index] = request
            index += 1
        }
    }

    /// Ends the session: the owner finishes and reports `error`.
    public func fail(_ error: LinkError) {
        guard state != .ended else { return }
        failure = error
        link.close()
        state = .ended
    }

    /// Ends the session without a failure: the owner closed it.
    public func close() {
        guard state != .ended else { return }
        link.close()
        state = .ended
    }

    /// Asks the controller for raw heatmaps instead of contacts and finds the contacts on the host;
    /// a controller that refuses, or does not answer, ends the session with the reason.
    public func streamHeatmaps() {
        guard let info else { return fail(LinkError(port: link.name, cause: .other("no device info yet"))) }
        guard info.supportedModes.supports(.heatmap) else {
            return fail(LinkError(port: link.name, cause: .other("the controller cannot stream heatmaps")))
        }
        guard let finder = HeatmapContactFinder(for: info) else {
            return fail(LinkError(port: link.name, cause: .other(
                "the controller's heatmap (\(info.columns) x \(info.rows) nodes on a \(info.summaryPanel) panel) is not one the host can search")))
        }
        heatmapFinder = finder
        request(.setMode(.heatmap)) { [unowned self] reply in
            guard let reply else {
                // A lost link answers nothing: the reopened one asks again.
                if self.state == .streaming {
                    self.fail(LinkError(port: self.link.name, cause: .other("no reply to the \(HostCommand.setMode(.heatmap).frameType) command after 3 tries")))
                }
                return
            }
            guard reply.isAccepted else {
                self.heatmapFinder = nil
                return self.fail(LinkError(port: self.link.name, cause: .other("the controller refused heatmap mode (\(reply.result))")))
            }
        }
    }

    // MARK: Losing and reopening the link

    /// The failure of a link on which no controller described itself, naming the baud rate (for
    /// a serial port) and what came instead: nothing, text, or bytes that are not touchhost frames.
    public var noAnswer: LinkError {
        let rate = link.baud.map { " at \($0) baud" } ?? ""
        return LinkError(port: link.name, cause: .other(
            "no answer to the device-info request within \(Self.answerTimeout / 1_000_000) s\(rate); heard \(HeardBytes.describe(heard)) (is it a touchhost controller?)"))
    }

    /// Bytes have waited too long for a device that does not read: the link counts as lost.
    private func checkStall() {
        guard link.queuedOutput > 0 else {
            stalledSince = nil
            return
        }
        let since = stalledSince ?? hostTime
        stalledSince = since
        if hostTime - since >= Self.writeStallLimit {
            lose(LinkError(port: link.name, cause: .notReading(waiting: link.queuedOutput)))
        }
    }

    /// The link failed: every touch is cancelled, the owner told (a `disconnected` status), and the
    /// port opened again after `ReconnectBackoff`'s waits when the session can (`reopen`).
    private func lose(_ error: LinkError) {
        pendingLoss = nil
        stalledSince = nil
        link.close()
        // A link that never carried a controller's description (a wrong port, an emulator serving
        // another host) is not reopened by the CLI: its reason is the answer.
        let reopens = reopen != nil && (everDescribed || keepsAskingUnanswered)
        let wait = reopens ? backoff.next() : nil
        onNews?(.lost(error, retryIn: wait))
        disconnected()
        for request in requests { request.completion(nil) }
        requests.removeAll()
        if let wait {
            state = .reopening(at: hostTime + wait)
        } else {
            failure = error
            state = .ended
        }
    }

    /// Every touch is cancelled and a `disconnected` status emitted.
    private func disconnected() {
        let time = estimatedDeviceTime()
        cancelEverything(at: time)
        emit(.status(StatusEvent(kind: .disconnected, timestamp: time)))
        lastDeviceTime = time
        disconnection = (time, hostTime)
        lastArrival = nil
    }

    /// Session time and host time of the last disconnect: the gap is measured on the host's clock.
    private var disconnection: (device: Microseconds, host: Microseconds)?

    private func tryReopening() {
        guard let reopen else { return }
        let opened: any ByteLink
        do {
            opened = try reopen()
        } catch {
            let wait = backoff.next()
            state = .reopening(at: hostTime + wait)
            onNews?(.retrying(error, retryIn: wait))
            return
        }
        attach(opened)
        reopened = true
        onNews?(.reopened(name: opened.name))
    }

    /// A new link to the same device: it is asked to describe itself, and its answer is announced
    /// as `reconnected`. The pipeline, with its recognizers, regions and settings, stays.
    private func attach(_ link: any ByteLink) {
        self.link = link
        decoder = FrameDecoder()
        attachments &+= 1
        info = nil
        heard.removeAll()
        if let disconnection {
            // The device may have run on, or restarted: either way session time resumes at host time.
            lastDeviceTime = disconnection.device + max(0, hostTime - disconnection.host)
            clock.restart(continuingFrom: lastDeviceTime)
        }
        announcesReconnect = true
        state = .describing(openedAt: .min, nextAsk: .min)
    }

    /// The same connection through another link object (a recorder wrapped around it, or taken
    /// off again): unlike a reopening, nothing about the device is forgotten.
    public func relink(_ link: any ByteLink) { self.link = link }

    /// No controller described itself within `answerTimeout`. A link opened again after a loss is
    /// closed and tried later; the first link ends the session, or with `keepsAskingUnanswered`
    /// says so once and goes on asking.
    private func unanswered() {
        let failure = noAnswer
        if reopened {
            link.close()
            let wait = backoff.next()
            state = .reopening(at: hostTime + wait)
            onNews?(.retrying(failure, retryIn: wait))
            return
        }
        guard keepsAskingUnanswered else { return fail(failure) }
        state = .describing(openedAt: hostTime, nextAsk: hostTime + Self.askInterval)
        guard !reportedNoAnswer else { return }
        reportedNoAnswer = true
        onNews?(.noAnswer(failure))
    }

    /// The device described itself on the current link.
    func described() {
        guard case .describing = state else { return }
        state = .streaming
        everDescribed = true
        // The device's answer is activity: `--until-idle` counts from the handshake, not from a
        // slow start of the device (an emulator on a busy machine).
        lastActivity = hostTime
        reopened = false
        reportedNoAnswer = false
        backoff = ReconnectBackoff()
        onDescribed?(self)
    }

    // MARK: Reading

    /// Reads what is waiting (at most `maxBytesPerPump`) and handles it; the count read.
    private func readAvailable() throws(LinkError) -> Int {
        buffer.removeAll(keepingCapacity: true)
        do {
            try link.readAvailable(into: &buffer, limit: Self.maxBytesPerPump)
        } catch {
            // What came before the link failed is still the device's.
            overhear(buffer)
            receive(buffer)
            throw error
        }
        overhear(buffer)
        receive(buffer)
        return buffer.count
    }

    private func overhear(_ bytes: [UInt8]) {
        guard info == nil, heard.count < HeardBytes.cap else { return }
        heard += bytes.prefix(HeardBytes.cap - heard.count)
    }

    /// A link closed during the handshake after a line of text (an emulator that serves another
    /// host says so): the line is the better reason. Only printable ASCII is quoted.
    private func explained(_ error: LinkError) -> LinkError {
        guard error.cause == .disconnected, info == nil,
            let newline = heard.firstIndex(of: 10), newline > 0,
            heard[..<newline].allSatisfy({ (0x20...0x7E).contains($0) })
        else { return error }
        let text = String(decoding: heard[..<newline], as: UTF8.self)
        return LinkError(port: error.port, cause: .other("closed the connection, saying: \(text)"))
    }

    /// Bytes from the device that arrived at host time `time` (a recording's, a test's).
    public func receive(_ bytes: [UInt8], at time: Microseconds) {
        hostTime = max(hostTime, time)
        receive(bytes)
    }

    /// Lets timers fire when the device has been silent a while (see `silenceAllowance`).
    public func advanceIdle(at time: Microseconds) {
        hostTime = max(hostTime, time)
        advanceIdle()
    }

    func advanceIdle() {
        guard let pipeline, let arrival = lastArrival else { return }
        let silence = hostTime - arrival
        let allowance = silenceAllowance
        guard silence > allowance else { return }
        pipeline.advance(to: lastDeviceTime + silence - allowance)
    }

    func cancelEverything(at time: Microseconds) {
        pipeline?.cancelAll(at: time)
        for event in controllerEvents.cancelAll(at: time) { emit(event) }
    }

    func estimatedDeviceTime() -> Microseconds {
        guard let arrival = lastArrival else { return present }
        let silence = hostTime - arrival
        return max(present, lastDeviceTime + max(0, silence))
    }
}
