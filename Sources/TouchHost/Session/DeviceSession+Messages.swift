import TouchCore

/// What the device's bytes become: frames decoded, each message handled (a description, reports,
/// statuses, upstream touches and gestures, replies, heatmaps), device time turned into session
/// time, and every event kept to the stream's promises before it reaches the sink.
extension DeviceSession {
    /// Bytes from the device, however they were chunked.
    public func receive(_ bytes: [UInt8]) {
        // The whole read in one call (block-wise COBS, no optional per byte), on a copy of the
        // decoder: what the frames set off (event handlers, a monitor's counters) may read the
        // session's decoder meanwhile, which the decoder's own exclusive access would forbid.
        var decoding = decoder
        let attachment = attachments
        bytes.withUnsafeBufferPointer { run in
            // Contact reports are handed on where the decoder parsed them, not copied into a message.
            decoding.decode(
                run,
                contacts: { report, skipped in
                    resynced(skipping: skipped)
                    handle(report)
                },
                other: { decoded, skipped in
                    resynced(skipping: skipped)
                    if case .device(let message) = decoded { handle(message) }
                })
        }
        // A link attached meanwhile starts from a fresh decoder; the old one's state is not its own.
        if attachments == attachment { decoder = decoding }
        reportRejected()
    }

    private func resynced(skipping skipped: Int) {
        guard skipped > 0, info != nil else { return }
        emit(.status(StatusEvent(kind: .resync, timestamp: stamp(), count: UInt32(clamping: skipped))))
    }

    private func handle(_ report: ContactReport) {
        guard let info, let pipeline, heatmapFinder == nil, acceptsTrackerFrames() else { return }
        let time = deviceTime(report.timestamp)
        pipeline.consume(report, on: info, at: time)
    }

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
            described()
            // Shapes (and palms) are asked for on every info: a device that reset forgot the request.
            if info.supportedModes.contains(.shapes) { post(.setContactShapes(true)) }
            // Idling too; the device answers with an info that says how it idles, asked no more.
            if info.supportedModes.contains(.idles), info.idle == nil { post(.setIdleAcquisition(true)) }
        case .contacts(let report):
            handle(report)
        case .status(let status):
            guard let pipeline else { return }
            let time = deviceTime(status.timestamp)
            if status.kind == .reset {
                // The controller forgot its contacts and restarts its clock and sequence.
                cancelEverything(at: time)
                clock.restart()
                // A reset also returns it to contact reports: ask again for its recognition, or for heatmaps.
                if upstreamRecognizes { post(.setMode(.gestures)) }
                if heatmapFinder != nil {
                    heatmapFinder = info.flatMap(HeatmapContactFinder.init(for:))
                    post(.setMode(.heatmap))
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
            answer(reply)
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
        lastArrival = hostTime
        pipeline?.advance(to: time)
        // After the timers due before it fired: they keep the estimate they were made under.
        scanClock.observe(sessionTime: time, arrival: hostTime, epoch: clock.restarts)
        return time
    }

    /// The latest instant anything in the session has reached: no event may be earlier.
    var present: Microseconds { max(lastDeviceTime, pipeline?.lastTime ?? 0, lastEmitted) }

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

    func emit(_ event: HostEvent) {
        lastActivity = hostTime
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
