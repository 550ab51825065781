import TouchCore

/// A legacy single- or multi-touch controller (Elo, MicroTouch, PenMount, eGalax) on a link: it
/// speaks first and needs no handshake, and its packets carry no time, so the host's clock stamps
/// each byte. Contacts go through the same tracker and recognizers as a touchhost controller's.
public final class LegacySession {
    public let link: any ByteLink
    public private(set) var source: LegacyContactSource
    private let pipeline: Pipeline
    private let sink: (HostEvent) -> Void
    private let start: Microseconds
    private var buffer: [UInt8] = []
    public private(set) var lastActivity: Microseconds
    public var now: () -> Microseconds = MonotonicClock.now

    /// Legacy controllers stream at roughly this rate while touched; the tracker's timeout follows it.
    public static let assumedReportRate = 100

    /// A legacy stream has no sequence numbers and its packets come as the controller pleases: the
    /// contact source lifts a contact quiet for 250 ms, so the tracker must not split a touch, nor
    /// time it out, any sooner than that. These controllers routinely lose lifts, so silence ends
    /// a touch rather than cancelling it (docs/protocols.md).
    public static let trackerConfiguration = TrackerConfiguration(
        reportRateHz: assumedReportRate, staleGap: 300_000, minimumReportTimeout: 400_000, silence: .endsTouches)

    public init(
        link: any ByteLink, protocol packetProtocol: LegacyProtocol, panel: PanelSize,
        recognizers: RecognizerSelection, screen: ScreenSetting? = nil, sink: @escaping (HostEvent) -> Void
    ) {
        self.link = link
        self.sink = sink
        source = LegacyContactSource(protocol: packetProtocol, panelSize: PanelPoint(x: panel.width, y: panel.height))
        start = MonotonicClock.now()
        lastActivity = start
        var forward: ((HostEvent) -> Void)?
        pipeline = HostStack.pipeline(
            recognizers: recognizers, tracker: Self.trackerConfiguration,
            panel: panel, screen: screen, sink: { forward?($0) })
        forward = { [unowned self] in self.emit($0) }
    }

    public var hasLiveTouches: Bool { pipeline.hasLiveTouches }

    /// Waits up to `milliseconds` for bytes, decodes them (at most `DeviceSession.maxBytesPerPump`),
    /// and lifts contacts that went quiet.
    public func pump(milliseconds: Int32) throws(LinkError) {
        _ = link.waitForInput(milliseconds: milliseconds)
        buffer.removeAll(keepingCapacity: true)
        try link.readAvailable(into: &buffer, limit: DeviceSession.maxBytesPerPump)
        let time = now() - start
        for byte in buffer {
            if let frame = source.push(byte, at: time) {
                if let status = source.takeStatus() { pipeline.advance(to: time); emit(.status(status)) }  // timers due earlier first: t never goes back
                pipeline.consume(frame)
            }
        }
        if let frame = source.expireStaleContacts(at: time) {
            pipeline.consume(frame)
        }
        pipeline.advance(to: time)
    }

    /// The input was cut (a signal, `--duration`): every live touch and gesture is cancelled now.
    public func cancelAll() {
        pipeline.cancelAll(at: max(now() - start, pipeline.lastTime))
    }

    /// The link went away: every touch is cancelled.
    public func disconnected() {
        let time = now() - start
        pipeline.cancelAll(at: time)
        emit(.status(StatusEvent(kind: .disconnected, timestamp: time)))
    }

    public func finish() { pipeline.finish() }

    private func emit(_ event: HostEvent) {
        lastActivity = now()
        sink(event)
    }
}
