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

    public func send(_ command: HostCommand) throws(LinkError) {
        var bytes = ByteBuffer()
        FrameEncoder.writeDelimiter(to: &bytes)
        FrameEncoder.encode(CommandFrame(requestId: nextRequestId, command: command), to: &bytes)
        nextRequestId = nextRequestId == UInt8.max ? 1 : nextRequestId + 1
        try link.write(bytes.bytes)
    }

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
        pipeline.advance(through: lastDeviceTime + silence - Self.idleLag)
    }

    /// True while a touch is down.
    public var hasLiveTouches: Bool { !(pipeline?.liveTouches.isEmpty ?? true) }

    /// The link went away: every touch is cancelled and the user told.
    public func disconnected() {
        let time = estimatedDeviceTime()
        pipeline?.cancelAll(at: time)
        emit(.status(StatusEvent(kind: .disconnected, timestamp: time)))
        clock.restart()
        lastArrival = nil
    }

    /// A new link to the same device after a disconnect.
    public func reconnected(_ link: any ByteLink) throws(LinkError) {
        self.link = link
        decoder = FrameDecoder()
        info = nil
        emit(.status(StatusEvent(kind: .reconnected, timestamp: lastDeviceTime)))
        try handshake()
    }

    /// The input is over: let every pending timer fire.
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
            if pipeline == nil { pipeline = makePipeline(info) { [unowned self] in self.emit($0) } }
            self.info = info
        case .contacts(let report):
            guard let info, let pipeline else { return }
            let time = deviceTime(report.timestamp)
            pipeline.advance(through: time)
            pipeline.consume(report.contactFrame(on: info, at: time))
        case .status(let status):
            guard let pipeline else { return }
            let time = deviceTime(status.timestamp)
            if status.kind == .reset {
                // The controller forgot its contacts and restarts its clock and sequence.
                pipeline.cancelAll(at: time)
                clock.restart()
            }
            if let event = StatusEvent(status, at: time) { emit(.status(event)) }
        case .touch(let record):
            // Already tracked upstream: a bridge, or a controller that tracks on board.
            emit(.touch(record.touch, at: record.timestamp))
        case .gesture(let gesture):
            emit(.gesture(gesture))
        case .heatmap, .reply:
            break
        }
    }

    private func deviceTime(_ raw: UInt32) -> Microseconds {
        let time = clock.time(for: raw)
        lastDeviceTime = max(lastDeviceTime, time)
        lastArrival = now()
        return lastDeviceTime
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
