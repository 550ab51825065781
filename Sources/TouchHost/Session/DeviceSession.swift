import Glibc
import TouchCore

/// A controller on a link, from the host's side: the handshake, then bytes -> frame decoder ->
/// contact frames in millimetres -> the pipeline. Device time drives the pipeline; between reports
/// the host's monotonic clock stands in for it so that timers (a tap's double-tap window, the
/// report timeout) still fire when the device falls silent.
///
/// Whatever the bytes say, the stream it emits keeps the promises of contracts.md section 3: `t`
/// never decreases (a late report is taken as happening at the session's present and the device
/// clock continues from there), every `began` gets one `ended` or `cancelled`, tracking ids are
/// never reused and slots stay in range. Touches come from one source per session (`TouchSource`).
public final class DeviceSession {
    public private(set) var link: any ByteLink
    public private(set) var info: DeviceInfo?
    public private(set) var decoder = FrameDecoder()
    private var clock = DeviceClock()
    private var pipeline: Pipeline?
    private let makePipeline: (DeviceInfo, @escaping (HostEvent) -> Void) -> Pipeline
    private let sink: (HostEvent) -> Void
    private var nextRequestId: UInt8 = 1
    private var buffer: [UInt8] = []
    /// The last device time seen and the host time it arrived at.
    private var lastDeviceTime: Microseconds = 0
    private var lastArrival: Microseconds?
    /// Host time of the last event delivered, for `--until-idle`.
    public private(set) var lastActivity: Microseconds
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

    public private(set) var touchSource = TouchSource.undecided
    /// The device was asked to recognize (gestures mode): its reports are expected to stop, not refused.
    public private(set) var upstreamRecognizes = false

    /// The most bytes one pump reads before it processes them and returns, so a link that never
    /// runs dry (a flood, `/dev/zero`) costs bounded memory and the caller's limits are checked.
    public static let maxBytesPerPump = 65_536
    /// Heatmap slices as they arrive (after `setMode(.both)` or `.heatmap`), for the live view.
    public var onHeatmap: ((HeatmapSlice) -> Void)?
    /// Told when the pipeline is made, once the device has described itself.
    public var onPipeline: ((Pipeline) -> Void)?
    /// The host's clock: monotonic time for a live link, the recording's timestamps in a replay.
    public var now: () -> Microseconds

    /// Host time the device may be silent before its clock is extrapolated: an extrapolated time
    /// must never pass a report still on its way, and a busy machine (or an emulator on it) can hold
    /// reports back for well over a report period; past the tracker's 100 ms timeout they would
    /// split touches. A device that stops reporting when untouched gets its timers this much late.
    public static let idleLag: Microseconds = 250_000

    public init(
        link: any ByteLink, sink: @escaping (HostEvent) -> Void,
        makePipeline: @escaping (DeviceInfo, @escaping (HostEvent) -> Void) -> Pipeline
    ) {
        self.link = link
        self.sink = sink
        self.makePipeline = makePipeline
        now = MonotonicClock.now
        lastActivity = MonotonicClock.now()
    }

    /// How long a link may go without a controller describing itself before the session says
    /// nothing answered: the handshake's five requests, 400 ms apart.
    public static let answerTimeout: Microseconds = 2_000_000

    /// Asks for the device's info and waits for it, asking again after each silence.
    public func handshake(attempts: Int = 5, waitMilliseconds: Int32 = 400) throws(LinkError) {
        heard.removeAll()
        for _ in 0..<attempts {
            try send(.getInfo)
            let deadline = MonotonicClock.now() + Microseconds(waitMilliseconds) * 1_000
            while MonotonicClock.now() < deadline {
                _ = link.waitForInput(milliseconds: 20)
                do { try readAvailable() } catch { throw explained(error) }
                if info != nil { return }
            }
        }
        throw noAnswer
    }

    /// The failure of a link on which no controller described itself, naming the baud rate (for
    /// a serial port) and what came instead: nothing, text, or bytes that are not touchhost frames.
    public var noAnswer: LinkError {
        let rate = link.baud.map { " at \($0) baud" } ?? ""
        return LinkError(port: link.name, cause: .other(
            "no answer to the device-info request within \(Self.answerTimeout / 1_000_000) s\(rate); heard \(HeardBytes.describe(heard)) (is it a touchhost controller?)"))
    }

    /// Sends a command without waiting for its reply; returns the request id the reply will carry.
    @discardableResult
    public func send(_ command: HostCommand) throws(LinkError) -> UInt8 {
        var bytes = ByteBuffer()
        FrameEncoder.writeDelimiter(to: &bytes)
        let requestId = nextRequestId
        FrameEncoder.encode(CommandFrame(requestId: requestId, command: command), to: &bytes)
        nextRequestId = nextRequestId == UInt8.max ? 1 : nextRequestId + 1
        try link.write(bytes.bytes)
        return requestId
    }

    /// Sends a command and waits for the device's reply, sending it again (under a new request id)
    /// after each silence: a reply lost to a bad byte costs a retry, not the command. Reports that
    /// arrive meanwhile go through the pipeline as usual.
    public func perform(
        _ command: HostCommand, attempts: Int = 3, waitMilliseconds: Int32 = 300
    ) throws(LinkError) -> CommandReply {
        for _ in 0..<attempts {
            let requestId = try send(command)
            awaitedRequest = requestId
            awaitedReply = nil
            defer { awaitedRequest = nil }
            let deadline = MonotonicClock.now() + Microseconds(waitMilliseconds) * 1_000
            while MonotonicClock.now() < deadline {
                _ = link.waitForInput(milliseconds: 10)
                try readAvailable()
                if let reply = awaitedReply { return reply }
            }
        }
        throw LinkError(port: link.name, cause: .other("no reply to the \(command.frameType) command after \(attempts) tries"))
    }

    /// Where contacts come from: the controller's reports, or the host's own search of the
    /// heatmaps it streams (`findsContactsInHeatmaps`, after `streamHeatmaps()`).
    public private(set) var heatmapFinder: HeatmapContactFinder?

    /// Asks the controller for raw heatmaps instead of contacts and finds the contacts on the host.
    public func streamHeatmaps() throws(LinkError) {
        guard let info else { throw LinkError(port: link.name, cause: .other("no device info yet")) }
        guard info.supportedModes.supports(.heatmap) else {
            throw LinkError(port: link.name, cause: .other("the controller cannot stream heatmaps"))
        }
        guard let finder = HeatmapContactFinder(for: info) else {
            throw LinkError(port: link.name, cause: .other(
                "the controller's heatmap (\(info.columns) x \(info.rows) nodes on a \(info.summaryPanel) panel) is not one the host can search"))
        }
        heatmapFinder = finder
        let reply = try perform(.setMode(.heatmap))
        guard reply.isAccepted else {
            heatmapFinder = nil
            throw LinkError(port: link.name, cause: .other("the controller refused heatmap mode (\(reply.result))"))
        }
    }

    private var awaitedRequest: UInt8?
    private var awaitedReply: CommandReply?

    /// Waits up to `milliseconds` for bytes, handles what came (at most `maxBytesPerPump`), and
    /// lets idle timers fire.
    public func pump(milliseconds: Int32) throws(LinkError) {
        _ = link.waitForInput(milliseconds: milliseconds)
        try readAvailable()
        advanceIdle()
    }

    /// Lets timers fire when the device has been silent a while (see `idleLag`).
    public func advanceIdle() {
        guard let pipeline, let arrival = lastArrival else { return }
        let silence = now() - arrival
        guard silence > Self.idleLag else { return }
        pipeline.advance(to: lastDeviceTime + silence - Self.idleLag)
    }

    /// True while a touch is down.
    public var hasLiveTouches: Bool { (pipeline?.hasLiveTouches ?? false) || controllerEvents.hasLiveTouches }

    /// The input was cut (a signal, `--duration`): every live touch and every gesture under way is
    /// cancelled now, since nobody lifted them. `finish` may follow to let pending timers fire.
    public func cancelAll() {
        cancelEverything(at: estimatedDeviceTime())
    }

    private func cancelEverything(at time: Microseconds) {
        pipeline?.cancelAll(at: time)
        for event in controllerEvents.cancelAll(at: time) { emit(event) }
    }

    /// The link went away: every touch is cancelled and the user told.
    public func disconnected() {
        let time = estimatedDeviceTime()
        cancelEverything(at: time)
        emit(.status(StatusEvent(kind: .disconnected, timestamp: time)))
        lastDeviceTime = time
        disconnection = (time, now())
        lastArrival = nil
    }

    /// Session time and host time of the last disconnect: the gap is measured on the host's clock.
    private var disconnection: (device: Microseconds, host: Microseconds)?

    /// A new link to the same device after a disconnect: waits for the handshake.
    public func reconnected(_ link: any ByteLink) throws(LinkError) {
        reattach(link)
        defer { announcesReconnect = false }
        try handshake()
    }

    /// The same connection through another link object (a recorder wrapped around it, or taken
    /// off again): unlike `reattach`, nothing about the device is forgotten.
    public func relink(_ link: any ByteLink) { self.link = link }

    /// A new link to the same device after a disconnect, without waiting: the caller asks for the
    /// device's description (`send(.getInfo)`) and pumps; its answer is announced as `reconnected`.
    /// For a caller that must not block (the C API's dispatch). The pipeline, with its recognizers,
    /// regions and settings, stays.
    public func reattach(_ link: any ByteLink) {
        self.link = link
        decoder = FrameDecoder()
        attachments &+= 1
        info = nil
        heard.removeAll()
        if let disconnection {
            // The device may have run on, or restarted: either way session time resumes at host time.
            lastDeviceTime = disconnection.device + max(0, now() - disconnection.host)
            clock.restart(continuingFrom: lastDeviceTime)
        }
        announcesReconnect = true
    }

    /// After a disconnect: opens the port again with `reopen`, waiting `ReconnectBackoff`'s growing
    /// delays (0.25 s to 4 s) between tries, until a new link answers the handshake; `resume` then
    /// asks the device for what it streamed before (a mode, heatmaps). False when `giveUp` said stop
    /// first. A link that fails again at once is noticed by the next pump.
    public func reconnect(
        giveUp: () -> Bool, reopen: () throws -> any ByteLink, resume: (DeviceSession) throws -> Void = { _ in }
    ) -> Bool {
        var backoff = ReconnectBackoff()
        while !giveUp() {
            let wakeUp = MonotonicClock.now() + backoff.next()
            while MonotonicClock.now() < wakeUp, !giveUp() { usleep(20_000) }
            if giveUp() { break }
            guard let link = try? reopen() else { continue }
            guard (try? reconnected(link)) != nil else {
                link.close()
                continue
            }
            try? resume(self)
            return true
        }
        return false
    }

    /// Set while a reconnect's handshake runs: its device info is announced as `reconnected`
    /// before any report that follows it.
    private var announcesReconnect = false

    /// The input is over: every pending timer fires and touches still down are cancelled.
    public func finish() {
        pipeline?.finish()
        for event in controllerEvents.cancelAll(at: present) { emit(event) }
    }

    private func readAvailable() throws(LinkError) {
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
    }

    /// The first bytes heard while waiting for the device's info, to say what answered instead.
    private var heard: [UInt8] = []

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

    /// Bytes from the device, however they were chunked.
    public func receive(_ bytes: [UInt8]) {
        // The whole read in one call (block-wise COBS, no optional per byte), on a copy of the
        // decoder: what the frames set off (event handlers, a monitor's counters) may read the
        // session's decoder meanwhile, which the decoder's own exclusive access would forbid.
        var decoding = decoder
        let attachment = attachments
        bytes.withUnsafeBufferPointer { run in
            decoding.decode(run) { decoded, skipped in
                if skipped > 0, info != nil {
                    emit(.status(StatusEvent(kind: .resync, timestamp: stamp(), count: UInt32(clamping: skipped))))
                }
                if case .device(let message) = decoded { handle(message) }
            }
        }
        // A link attached meanwhile starts from a fresh decoder; the old one's state is not its own.
        if attachments == attachment { decoder = decoding }
        reportRejected()
    }

    /// Counts `reattach`es, so a read decoded on a copy does not bring back an old link's decoder.
    private var attachments = 0

    /// Frames refused since the last report, as one `rejected` status for the bytes just handled.
    private var refused: UInt32 = 0

    private func refuse() { refused = refused == UInt32.max ? refused : refused + 1 }

    private func reportRejected() {
        let count = refused.addingReportingOverflow(controllerEvents.takeRejected())
        refused = 0
        let total = count.overflow ? UInt32.max : count.partialValue
        guard total > 0, info != nil else { return }
        emit(.status(StatusEvent(kind: .rejected, timestamp: stamp(), count: total)))
    }

    /// Touches from the host's tracker: refused once the session listens upstream (silently in
    /// gestures mode, where a controller's last reports before it switches are expected).
    private func acceptsTrackerFrames() -> Bool {
        switch touchSource {
        case .undecided:
            touchSource = .tracker
            return true
        case .tracker: return true
        case .upstream:
            if !upstreamRecognizes { refuse() }
            return false
        }
    }

    /// Touches and gestures from upstream: refused once the session tracks reports itself.
    private func acceptsUpstreamEvents() -> Bool {
        switch touchSource {
        case .undecided, .upstream:
            touchSource = .upstream
            return true
        case .tracker:
            refuse()
            return false
        }
    }

    /// Gestures mode was asked for: from now on the session listens to the controller's own
    /// touches and gestures. Touches its tracker had live are cancelled first; the controller's get
    /// ids after every id shown so far.
    public func listenUpstream() {
        upstreamRecognizes = true
        guard touchSource != .upstream else { return }
        if touchSource == .tracker { pipeline?.cancelAll(at: present) }
        touchSource = .upstream
    }

    private func handle(_ message: DeviceMessage) {
        switch message {
        case .info(let info):
            controllerEvents.describe(info)
            if pipeline == nil {
                let made = makePipeline(info) { [unowned self] in self.emit($0) }
                pipeline = made
                onPipeline?(made)
            }
            if announcesReconnect, self.info == nil {
                emit(.status(StatusEvent(kind: .reconnected, timestamp: stamp())))
                announcesReconnect = false
            }
            self.info = info
            // Shapes (and palms) are asked for on every info: a device that reset forgot the request.
            if info.supportedModes.contains(.shapes) { _ = try? send(.setContactShapes(true)) }
        case .contacts(let report):
            guard let info, let pipeline, heatmapFinder == nil, acceptsTrackerFrames() else { return }
            let time = deviceTime(report.timestamp)
            pipeline.consume(report.contactFrame(on: info, at: time))
        case .status(let status):
            guard let pipeline else { return }
            let time = deviceTime(status.timestamp)
            if status.kind == .reset {
                // The controller forgot its contacts and restarts its clock and sequence.
                cancelEverything(at: time)
                clock.restart()
                // A reset also returns it to contact reports: ask again for its recognition, or for heatmaps.
                if upstreamRecognizes { _ = try? send(.setMode(.gestures)) }
                if heatmapFinder != nil {
                    heatmapFinder = info.flatMap(HeatmapContactFinder.init(for:))
                    _ = try? send(.setMode(.heatmap))
                }
            }
            if let event = StatusEvent(status, at: time) { emit(.status(event)) }
        case .touch(let record):
            // Already tracked upstream: a bridge, or a controller that tracks on board.
            guard info != nil, acceptsUpstreamEvents() else { return }
            let time = upstreamTime(record.timestamp)
            if let event = controllerEvents.touch(record, at: time, firstFreeId: highestTouchId &+ 1) { emit(event) }
        case .gesture(let gesture):
            guard info != nil, acceptsUpstreamEvents() else { return }
            let time = upstreamTime(gesture.timestamp)
            if let event = controllerEvents.gesture(gesture, at: time) { emit(event) }
        case .reply(let reply):
            if reply.requestId == awaitedRequest { awaitedReply = reply }
        case .heatmap(let slice):
            onHeatmap?(slice)
            guard let pipeline, heatmapFinder != nil else { return }
            let time = deviceTime(slice.timestamp)
            guard let frame = heatmapFinder!.add(slice, at: time), acceptsTrackerFrames() else { return }
            pipeline.consume(frame)
        }
    }

    /// Session time for a device timestamp. It never falls behind the session's present: after a
    /// silence the pipeline's timers ran on the host's clock (`advanceIdle`), and a report that then
    /// arrives with an earlier time (held up on the way, or from a clock that stood still) is taken
    /// as happening now, the device clock continuing from there. Timers due before it fire first.
    private func deviceTime(_ raw: UInt32) -> Microseconds {
        var time = clock.time(for: raw)
        let floor = present
        if time < floor {
            clock.restart(continuingFrom: floor)
            time = clock.time(for: raw)
        }
        lastDeviceTime = time
        lastArrival = now()
        pipeline?.advance(to: time)
        return time
    }

    /// The latest instant anything in the session has reached: no event may be earlier.
    private var present: Microseconds { max(lastDeviceTime, pipeline?.lastTime ?? 0, lastEmitted) }

    /// The present, with every pipeline timer due by then fired: the time for an event the session makes itself.
    private func stamp() -> Microseconds {
        let time = present
        pipeline?.advance(to: time)
        return time
    }

    /// Upstream events carry 64-bit microseconds on the upstream's clock (a controller's, or a
    /// bridge's session time). Like the device's reports and a bridge's status frames, their low 32
    /// bits go through the device clock: one clock for everything on the link, so `t` counts from
    /// the first timestamp this session saw and a wild value cannot send it back.
    private func upstreamTime(_ time: Microseconds) -> Microseconds {
        deviceTime(UInt32(truncatingIfNeeded: time))
    }

    private func estimatedDeviceTime() -> Microseconds {
        guard let arrival = lastArrival else { return present }
        let silence = now() - arrival
        return max(present, lastDeviceTime + max(0, silence))
    }

    /// The latest `t` emitted and the highest tracking id shown, so nothing goes back or repeats.
    private var lastEmitted: Microseconds = 0
    private var highestTouchId: UInt32 = 0

    private func emit(_ event: HostEvent) {
        lastActivity = now()
        // The last line of defence for the stream's promise: `t` never decreases.
        var event = event
        if event.time < lastEmitted { event = event.retimed(lastEmitted) }
        lastEmitted = event.time
        if case .touch(let touch, _, _) = event { highestTouchId = max(highestTouchId, touch.trackingId) }
        // A controller's own touches and gestures (gestures mode) meet the screen here, the pipeline's already did.
        if event.screen == nil, let mapping = pipeline?.screenMapping { event = mapping.placing(event) }
        sink(event)
    }
}
