import TouchCore

/// A Linux input device as a live source (contracts.md section 8): its events go through the one
/// evdev decoder the evemu importer uses (`EvemuFrameDecoder`), so a live device and a recording
/// of it give the same touches; a `SYN_DROPPED` is recovered from the device's state (libevdev's
/// resync); a device that goes away is `disconnected`, its touches cancelled, and reopened when
/// it returns. evdev sends nothing while nothing changes: no report timeout, and no wake-up
/// unless a recognizer's timer is due.
public final class EvdevSession: Session {
    public let path: String
    private let grab: Bool
    private let size: PanelSize?
    private var device: EvdevDevice?
    private var decoder: EvemuFrameDecoder
    public let pipeline: Pipeline
    private let sink: (HostEvent) -> Void
    private let activity: ActivityMark
    private var events: [EvemuEvent] = []
    /// After a SYN_DROPPED, until its SYN_REPORT: the events in between are incomplete (libevdev drops them).
    private var dropping = false
    private var reopenAt: Microseconds?
    /// How often the kernel dropped events and the state was read back, and the device came back.
    public private(set) var resyncs = 0
    public private(set) var reconnects = 0
    /// Where the device's events are written as they are read (`startRecording`).
    private var recorder: EvemuRecorder?

    /// Whether `path` names a Linux input device (`/dev/input/...`, or a link to an event device).
    public static func isInputDevice(_ path: String) -> Bool { EvdevDevice.isInputDevice(path) }

    /// How long after losing the device it is looked for again, and between tries.
    public static let reopenInterval: Microseconds = 500_000

    /// Opens `path` (`grab`: EVIOCGRAB). The pipeline is made once the device has said its axes:
    /// `makePipeline` gets the tracker for evdev (`ImportedSource.evemuTracker`) and the panel.
    public init(
        path: String, grab: Bool = false, size: PanelSize? = nil, sink: @escaping (HostEvent) -> Void,
        makePipeline: ReplayDriver.MakePipeline
    ) throws(HostFailure) {
        self.path = path
        self.grab = grab
        self.size = size
        let device = try EvdevDevice(path: path, grab: grab)
        let scale = try Self.scale(device, size: size)
        decoder = Self.decoder(device, scale: scale)
        self.device = device
        let activity = ActivityMark()
        self.activity = activity
        self.sink = sink
        pipeline = makePipeline(ImportedSource.evemuTracker(reportRateHz: 120), scale.panel) { event in
            activity.emitted = true
            sink(event)
        }
    }

    /// The device's name and protocol, for the first line of a live view.
    public var summary: String {
        guard let device else { return "\(path): not connected" }
        let name = DisplayText.excerpt(device.description.name, limit: 80)
        return "\(path): \(name), protocol \(device.protocolKind.rawValue), \(device.slotCount) slots"
    }

    private static func scale(_ device: EvdevDevice, size: PanelSize?) throws(HostFailure) -> PositionScale {
        do {
            return try PositionScale(device: device.description, size: size, file: device.path)
        } catch let error as ImportError {
            throw HostFailure(error.description)
        } catch {
            throw HostFailure("\(device.path): \(error)")
        }
    }

    /// A decoder that starts from the device's present state: touches already down when it opened
    /// are not touchhost's (their lift ends nothing), and its times are the kernel's monotonic ones.
    private static func decoder(_ device: EvdevDevice, scale: PositionScale) -> EvemuFrameDecoder {
        let state = device.state()
        var start = EvemuFrameDecoder.StartValues()
        for (slot, values) in state.slots {
            start.slotX[slot] = values.x
            start.slotY[slot] = values.y
        }
        start.singleX = state.singleX
        start.singleY = state.singleY
        start.slot = state.currentSlot
        var decoder = EvemuFrameDecoder(scale: scale, protocolKind: device.protocolKind, start: start)
        decoder.timeOrigin = 0
        return decoder
    }

    public var descriptor: Int32? { device?.descriptor }
    public var wantsToWrite: Bool { false }
    /// A device that goes away is waited for: the source never ends on its own.
    public var hasEnded: Bool { false }
    public var hasLiveTouches: Bool { pipeline.hasLiveTouches }
    public private(set) var lastActivity: Microseconds = 0

    public func dispatch(now: Microseconds) -> Microseconds? {
        activity.emitted = false
        if device == nil, let reopenAt, now >= reopenAt { reopen(now: now) }
        if let device {
            events.removeAll(keepingCapacity: true)
            let outcome = device.read(into: &events)
            recorder?.write(events)
            for event in events { handle(event, device: device) }
            feedFrames()
            if case .gone(let reason) = outcome { lose(now: now, reason: reason) }
        }
        if let deadline = pipeline.nextDeadline, deadline <= now { pipeline.advance(to: now) }
        if activity.emitted { lastActivity = now }
        return [pipeline.nextDeadline, reopenAt].compactMap { $0 }.min()
    }

    private func handle(_ event: EvemuEvent, device: EvdevDevice) {
        if event.type == EvemuEvent.synType && event.code == EvemuEvent.synDropped {
            dropping = true
            return
        }
        guard dropping else {
            decoder.consume(event)
            return
        }
        // The report that closes a drop: what the device holds now is the truth.
        guard event.type == EvemuEvent.synType && event.code == EvemuEvent.synReport else { return }
        dropping = false
        resyncs += 1
        feedFrames()
        let vanished = decoder.resync(to: device.state())
        let time = max(Microseconds(event.time), pipeline.lastTime)
        sink(.status(StatusEvent(kind: .resync, timestamp: time)))
        if vanished { pipeline.cancelAll(at: time) }
        decoder.consume(event)
    }

    /// The decoder's frames into the pipeline; a frame the kernel stamped before the pipeline's
    /// present (read after a timer fired) is taken as happening now.
    private func feedFrames() {
        for var frame in decoder.takeFrames() {
            frame.timestamp = max(frame.timestamp, pipeline.lastTime)
            pipeline.consume(frame)
        }
    }

    private func lose(now: Microseconds, reason: String) {
        let time = max(now, pipeline.lastTime)
        pipeline.cancelAll(at: time)
        sink(.status(StatusEvent(kind: .disconnected, timestamp: time)))
        device?.close()
        device = nil
        dropping = false
        reopenAt = now + Self.reopenInterval
    }

    private func reopen(now: Microseconds) {
        guard let device = try? EvdevDevice(path: path, grab: grab), let scale = try? Self.scale(device, size: size) else {
            reopenAt = now + Self.reopenInterval
            return
        }
        self.device = device
        decoder = Self.decoder(device, scale: scale)
        reopenAt = nil
        reconnects += 1
        sink(.status(StatusEvent(kind: .reconnected, timestamp: max(now, pipeline.lastTime))))
    }

    /// Writes the device's description to `path` as an evemu recording, then every event read
    /// from now on (`touchhost record`). The caller closes the recorder when the run ends.
    public func startRecording(to path: String) throws(HostFailure) -> EvemuRecorder {
        guard let device else { throw HostFailure("\(self.path): the device is not connected") }
        let started = try EvemuRecorder(device: device, path: path)
        recorder = started
        return started
    }

    public func cancelAll(now: Microseconds) {
        pipeline.cancelAll(at: max(now, pipeline.lastTime))
    }

    /// Lets the device go (its descriptor closed, the grab released); the session reads no more.
    public func close() {
        device?.close()
        device = nil
        reopenAt = nil
    }

    public func finish(now: Microseconds) {
        pipeline.advance(to: max(now, pipeline.lastTime))
        pipeline.finish()
        device?.close()
    }
}

/// Whether the pipeline emitted anything during one dispatch (for `lastActivity`).
private final class ActivityMark {
    var emitted = false
}
