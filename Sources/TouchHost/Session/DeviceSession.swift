import Glibc
import TouchCore

/// A controller on a link, from the host's side: the handshake, then bytes -> frame decoder ->
/// contact frames in millimetres -> the pipeline. Device time drives the pipeline; between reports
/// the host's monotonic clock stands in for it so that timers (a tap's double-tap window, the
/// report timeout) still fire when the device falls silent.
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
    /// Names and times for touches and gestures a controller recognized itself (gestures mode).
    public var controllerEvents = ControllerGestureSource()
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

    /// Asks for the device's info and waits for it, asking again after each silence.
    public func handshake(attempts: Int = 5, waitMilliseconds: Int32 = 400) throws(LinkError) {
        for _ in 0..<attempts {
            try send(.getInfo)
            let deadline = MonotonicClock.now() + Microseconds(waitMilliseconds) * 1_000
            while MonotonicClock.now() < deadline {
                _ = link.waitForInput(milliseconds: 20)
                try readAvailable()
                if info != nil { return }
            }
        }
        throw LinkError(port: link.name, cause: .other("no answer to the device-info request (is it a touchhost controller?)"))
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

    /// Waits up to `milliseconds` for bytes, handles what came, and lets idle timers fire.
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

    /// The link went away: every touch is cancelled and the user told.
    public func disconnected() {
        let time = estimatedDeviceTime()
        pipeline?.cancelAll(at: time)
        for event in controllerEvents.cancelAll(at: time) { emit(event) }
        emit(.status(StatusEvent(kind: .disconnected, timestamp: time)))
        lastDeviceTime = time
        disconnection = (time, now())
        lastArrival = nil
    }

    /// Session time and host time of the last disconnect: the gap is measured on the host's clock.
    private var disconnection: (device: Microseconds, host: Microseconds)?

    /// A new link to the same device after a disconnect.
    public func reconnected(_ link: any ByteLink) throws(LinkError) {
        self.link = link
        decoder = FrameDecoder()
        info = nil
        if let disconnection {
            // The device may have run on, or restarted: either way session time resumes at host time.
            lastDeviceTime = disconnection.device + max(0, now() - disconnection.host)
            clock.restart(continuingFrom: lastDeviceTime)
        }
        announcesReconnect = true
        defer { announcesReconnect = false }
        try handshake()
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
    public func finish() { pipeline?.finish() }

    private func readAvailable() throws(LinkError) {
        buffer.removeAll(keepingCapacity: true)
        while try link.read(into: &buffer) > 0 {}
        receive(buffer)
    }

    /// Bytes from the device, however they were chunked.
    public func receive(_ bytes: [UInt8]) {
        for byte in bytes {
            guard let decoded = decoder.push(byte) else { continue }
            if decoder.skippedBeforeLastFrame > 0, info != nil {
                emit(.status(StatusEvent(kind: .resync, timestamp: lastDeviceTime, count: UInt32(decoder.skippedBeforeLastFrame))))
            }
            if case .device(let message) = decoded { handle(message) }
        }
    }

    private func handle(_ message: DeviceMessage) {
        switch message {
        case .info(let info):
            if pipeline == nil {
                let made = makePipeline(info) { [unowned self] in self.emit($0) }
                pipeline = made
                onPipeline?(made)
            }
            if announcesReconnect, self.info == nil {
                emit(.status(StatusEvent(kind: .reconnected, timestamp: lastDeviceTime)))
            }
            self.info = info
        case .contacts(let report):
            guard let info, let pipeline, heatmapFinder == nil else { return }
            let time = deviceTime(report.timestamp)
            pipeline.consume(report.contactFrame(on: info, at: time))
        case .status(let status):
            guard let pipeline else { return }
            let time = deviceTime(status.timestamp)
            if status.kind == .reset {
                // The controller forgot its contacts and restarts its clock and sequence.
                pipeline.cancelAll(at: time)
                for event in controllerEvents.cancelAll(at: time) { emit(event) }
                clock.restart()
                // A reset also returns it to contact reports: ask again for its recognition, or for heatmaps.
                if controllerEvents.isController { _ = try? send(.setMode(.gestures)) }
                if heatmapFinder != nil {
                    heatmapFinder = info.flatMap(HeatmapContactFinder.init(for:))
                    _ = try? send(.setMode(.heatmap))
                }
            }
            if let event = StatusEvent(status, at: time) { emit(.status(event)) }
        case .touch(let record):
            // Already tracked upstream: a bridge, or a controller that tracks on board.
            guard record.hasPlausibleValues else { return reject() }
            emit(controllerEvents.touch(record, at: upstreamTime(record.timestamp)))
        case .gesture(let gesture):
            guard gesture.hasPlausibleValues else { return reject() }
            let time = upstreamTime(gesture.timestamp)
            if let event = controllerEvents.gesture(gesture, at: time) { emit(event) }
        case .reply(let reply):
            if reply.requestId == awaitedRequest { awaitedReply = reply }
        case .heatmap(let slice):
            onHeatmap?(slice)
            guard let pipeline, heatmapFinder != nil else { return }
            let time = deviceTime(slice.timestamp)
            guard let frame = heatmapFinder!.add(slice, at: time) else { return }
            pipeline.consume(frame)
        }
    }

    /// A message with values no device could mean (`PlausibleValues`) is ignored and counted, at the
    /// session's present.
    private func reject() {
        rejectedMessages += 1
        emit(.status(StatusEvent(kind: .rejected, timestamp: lastDeviceTime, count: 1)))
    }

    /// Device messages ignored for their values since the session began.
    public private(set) var rejectedMessages = 0

    private func deviceTime(_ raw: UInt32) -> Microseconds {
        let time = clock.time(for: raw)
        lastDeviceTime = max(lastDeviceTime, time)
        lastArrival = now()
        return lastDeviceTime
    }

    /// A controller's own recognition runs on its clock, like its reports; a bridge's events are in session time already.
    private func upstreamTime(_ time: Microseconds) -> Microseconds {
        controllerEvents.isController ? deviceTime(UInt32(truncatingIfNeeded: time)) : time
    }

    private func estimatedDeviceTime() -> Microseconds {
        guard let arrival = lastArrival else { return lastDeviceTime }
        return lastDeviceTime + max(0, now() - arrival)
    }

    private func emit(_ event: HostEvent) {
        lastActivity = now()
        sink(event)
    }
}
