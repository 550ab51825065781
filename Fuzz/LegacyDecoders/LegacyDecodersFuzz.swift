import TouchCore

// libFuzzer target `legacy-decoders`: arbitrary serial bytes into the legacy controller decoders
// (docs/protocols.md) and on through the tracker. The first byte picks the protocol (Elo, MicroTouch,
// PenMount 6250, eGalax) and the byte spacing; the rest is the stream. Checks: no crash or memory
// error, the decoder's byte accounting stays within what was pushed, and the touch stream satisfies
// TouchStreamInvariants (Tests/TouchCoreTests/SoakInvariants.swift).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLegacyDecoders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, let packetProtocol = LegacyProtocol(rawValue: data[0] % UInt8(LegacyProtocol.count)) else { return 0 }
    // 9600 baud is about 1 ms a byte; the high bits stretch the gaps so lift timeouts fire too.
    let spacing = Microseconds(1_000) << Microseconds(data[0] >> 5)
    var source = LegacyContactSource(protocol: packetProtocol, panelSize: PanelPoint(x: 345, y: 194))
    var tracker = SlotTracker(configuration: TrackerConfiguration(reportRateHz: 100))
    var invariants = TouchStreamInvariants(capacity: tracker.configuration.capacity)
    var batch = TouchFrameBatch()
    var single = TouchFrame(timestamp: 0)
    var statuses = StatusList(filler: .placeholder)

    func track(_ frame: ContactFrame) {
        statuses.removeAll()
        while let deadline = tracker.nextDeadline, deadline < frame.timestamp {
            tracker.advance(to: deadline, into: &single, statuses: &statuses)
            invariants.check(single, listsEveryLiveTouch: false)
        }
        tracker.track(frame, into: &batch, statuses: &statuses)
        for index in batch.indices { invariants.check(batch[index], listsEveryLiveTouch: index == batch.count - 1) }
        invariants.checkLiveCount(tracker.liveTouchCount)
        precondition(invariants.isClean, "touch stream invariant broken: \(invariants.violations)")
    }

    for position in 1..<size {
        let time = Microseconds(position) * spacing
        if let frame = source.push(data[position], at: time) { track(frame) }
        if let status = source.takeStatus() {
            precondition(status.kind == .resync && status.count > 0, "a resync status must count skipped bytes")
        }
        precondition(source.stats.skippedBytes <= position, "more bytes skipped than pushed")
    }
    if let frame = source.expireStaleContacts(at: Microseconds(size + 1_000) * spacing) { track(frame) }
    return 0
}
