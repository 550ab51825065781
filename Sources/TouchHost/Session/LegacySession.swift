import TouchCore

/// A legacy single- or multi-touch controller (Elo, MicroTouch, PenMount, eGalax) on a link: it
/// speaks first and needs no handshake, and its packets carry no time, so the host's clock stamps
/// each byte. Contacts go through the same tracker and recognizers as a touchhost controller's.
/// A non-blocking `Session`: the owner's `now` stamps the bytes; a lost link ends it.
public final class LegacySession: Session {
    public let link: any ByteLink
    public private(set) var source: LegacyContactSource
    private let pipeline: Pipeline
    private let sink: (HostEvent) -> Void
    /// The owner's time of the first dispatch: session time counts from it.
    private var start: Microseconds?
    private var hostTime: Microseconds = 0
    private var buffer: [UInt8] = []
    public private(set) var lastActivity: Microseconds = 0
    public private(set) var hasEnded = false
    public private(set) var failure: LinkError?
    /// Told when the link is lost (`.lost(error, retryIn: nil)`), before the `disconnected` status.
    public var onNews: ((DeviceSession.LinkNews) -> Void)?

    /// Legacy controllers stream at roughly this rate while touched; the tracker's timeout follows it.
    public static let assumedReportRate = 100

    /// A legacy stream has no sequence numbers and its packets come as the controller pleases: the
    /// contact source lifts a contact quiet for 250 ms, so the tracker must not split a touch, nor
    /// time it out, any sooner than that. These controllers routinely lose lifts, so silence ends
    /// a touch rather than cancelling it (docs/protocols.md).
    public static let trackerConfiguration = TrackerConfiguration(
        reportRateHz: assumedReportRate, staleGap: 300_000, minimumReportTimeout: 400_000, silence: .endsTouches)

    public convenience init(
        link: any ByteLink, protocol packetProtocol: LegacyProtocol, panel: PanelSize,
        recognizers: RecognizerSelection, screen: ScreenSetting? = nil, sink: @escaping (HostEvent) -> Void
    ) {
        self.init(link: link, protocol: packetProtocol, panel: panel, sink: sink) { tracker, panel, sink in
            HostStack.pipeline(recognizers: recognizers, tracker: tracker, panel: panel, screen: screen, sink: sink)
        }
    }

    /// A session whose pipeline `makePipeline` makes (the C API's context: its own recognizers)
    /// for the legacy tracker settings and the panel.
    public init(
        link: any ByteLink, protocol packetProtocol: LegacyProtocol, panel: PanelSize, sink: @escaping (HostEvent) -> Void,
        makePipeline: ReplayDriver.MakePipeline
    ) {
        self.link = link
        self.sink = sink
        source = LegacyContactSource(protocol: packetProtocol, panelSize: PanelPoint(x: panel.width, y: panel.height))
        var forward: ((HostEvent) -> Void)?
        pipeline = makePipeline(Self.trackerConfiguration, panel) { forward?($0) }
        forward = { [unowned self] in self.emit($0) }
    }

    /// Ends the session: the owner closed it.
    public func close() {
        link.close()
        hasEnded = true
    }

    public var hasLiveTouches: Bool { pipeline.hasLiveTouches }

    public var descriptor: Int32? { hasEnded || link.pollDescriptor < 0 ? nil : link.pollDescriptor }

    public var wantsToWrite: Bool { false }

    /// The owner's clock stamped the bytes: session time is that clock from the first dispatch on.
    public func hostInstant(ofSessionTime sessionTime: Microseconds) -> Microseconds {
        sessionTime + (start ?? hostTime)
    }

    /// Session time: microseconds since the first dispatch.
    private func time(at now: Microseconds) -> Microseconds {
        hostTime = max(hostTime, now)
        let origin = start ?? hostTime
        start = origin
        return hostTime - origin
    }

    /// Decodes what is waiting (at most `DeviceSession.maxBytesPerPump`), lifts contacts that
    /// went quiet and lets timers fire; a failed link cancels every touch and ends the session.
    public func dispatch(now: Microseconds) -> Microseconds? {
        guard !hasEnded else { return nil }
        let time = time(at: now)
        buffer.removeAll(keepingCapacity: true)
        do {
            try link.readAvailable(into: &buffer, limit: DeviceSession.maxBytesPerPump)
        } catch {
            failure = error
            onNews?(.lost(error, retryIn: nil))
            disconnected(at: time)
            return nil
        }
        for byte in buffer {
            if let frame = source.push(byte, at: time) {
                if var status = source.takeStatus() {
                    // Timers due before it fire first, and its `t` never goes back.
                    status.timestamp = max(status.timestamp, pipeline.lastTime)
                    pipeline.advance(to: status.timestamp)
                    emit(.status(status))
                }
                pipeline.consume(frame)
            }
        }
        if let frame = source.expireStaleContacts(at: time) {
            pipeline.consume(frame)
        }
        pipeline.advance(to: time)
        if buffer.count >= DeviceSession.maxBytesPerPump { return now }
        // Quiet contacts are lifted after a silence, and timers fire: look again soon while anything is pending.
        guard pipeline.hasLiveTouches || pipeline.nextDeadline != nil else { return nil }
        let origin = start ?? now
        let timer = pipeline.nextDeadline.map { origin + $0 } ?? now + Self.quietCheck
        return min(max(timer, now), now + Self.quietCheck)
    }

    /// How often quiet contacts are looked for while a touch is down.
    static let quietCheck: Microseconds = 50_000

    /// The input was cut (a signal, `--duration`): every live touch and gesture is cancelled now.
    public func cancelAll(now: Microseconds) {
        pipeline.cancelAll(at: max(time(at: now), pipeline.lastTime))
    }

    /// The link went away: every touch is cancelled and the session ends.
    private func disconnected(at time: Microseconds) {
        link.close()
        hasEnded = true
        pipeline.cancelAll(at: max(time, pipeline.lastTime))
        emit(.status(StatusEvent(kind: .disconnected, timestamp: max(time, pipeline.lastTime))))
    }

    public func finish(now: Microseconds) {
        _ = time(at: now)
        pipeline.finish()
    }

    private func emit(_ event: HostEvent) {
        lastActivity = hostTime
        sink(event)
    }
}
