import TouchCore

// libFuzzer target `decode-track`: arbitrary link bytes through the host's per-report path
// (FrameDecoder -> TimestampUnwrapper -> contactFrame -> SlotTracker -> kiosk GestureEngine),
// driven as a host drives it:
// a device-info message changes the panel geometry, a status message is taken as a link loss
// (cancelAll), and time is advanced to the tracker's next deadline before each report.
// The touch stream must satisfy TouchStreamInvariants (Tests/TouchCoreTests/SoakInvariants.swift)
// whatever the bytes were.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecodeTrack(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var decoder = FrameDecoder()
    var unwrapper = TimestampUnwrapper()
    var info = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 1, minor: 0, patch: 0), boardName: BoardName("fuzz"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 2303, columns: 32, rows: 18,
        maxContacts: 20, reportRate: 120, supportedModes: .contacts)
    // A short capacity now and then, so overflow is exercised too.
    let capacity = size > 0 && data[0] & 0x0F == 0 ? 4 : TouchLimits.maxContacts
    var tracker = SlotTracker(configuration: TrackerConfiguration(capacity: capacity))
    var invariants = TouchStreamInvariants(capacity: capacity)
    var batch = TouchFrameBatch()
    var single = TouchFrame(timestamp: 0)
    var statuses = StatusList(filler: .placeholder)
    var now: Microseconds = 0
    var engine = BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194)
    var events = GestureEventList(filler: .placeholder)

    func recognize(_ frame: TouchFrame) {
        events.removeAll()
        engine.process(frame, events: &events)
    }

    for position in 0..<size {
        guard case .device(let message)? = decoder.push(data[position]) else { continue }
        statuses.removeAll()
        switch message {
        case .info(let newInfo):
            info = newInfo
        case .status:
            tracker.cancelAll(at: now, into: &single)
            invariants.check(single, listsEveryLiveTouch: false)
            recognize(single)
            unwrapper.reset()
        case .contacts(let report):
            let time = max(unwrapper.unwrap(report.timestamp), now)
            while let deadline = tracker.nextDeadline, deadline < time {
                tracker.advance(to: deadline, into: &single, statuses: &statuses)
                invariants.check(single, listsEveryLiveTouch: false)
                recognize(single)
            }
            if let deadline = engine.nextDeadline, deadline < time {
                events.removeAll()
                engine.advance(to: deadline, events: &events)
            }
            now = time
            tracker.track(report.contactFrame(on: info, at: time), into: &batch, statuses: &statuses)
            for index in batch.indices {
                invariants.check(batch[index], listsEveryLiveTouch: index == batch.count - 1)
                recognize(batch[index])
            }
        default:
            break
        }
        invariants.checkLiveCount(tracker.liveTouchCount)
        precondition(invariants.isClean, "touch stream invariant broken: \(invariants.violations)")
    }
    return 0
}
