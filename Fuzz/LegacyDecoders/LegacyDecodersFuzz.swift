import TouchCore

// libFuzzer target `legacy-decoders`: arbitrary serial bytes into the legacy controller decoders
// (docs/protocols.md) and on through a TouchPipeline with a legacy session's tracker settings
// (silence ends touches) and the kiosk recognizers. The first byte picks the protocol (Elo, MicroTouch,
// PenMount 6250, eGalax) and the byte spacing; the rest is the stream. Checks: no crash or memory
// error, the decoder's byte accounting stays within what was pushed, and everything the pipeline
// makes keeps the touch and gesture streams' promises (CheckedOutput,
// Tests/TouchCoreTests/SoakInvariants.swift).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLegacyDecoders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, let packetProtocol = LegacyProtocol(rawValue: data[0] % UInt8(LegacyProtocol.count)) else { return 0 }
    // 9600 baud is about 1 ms a byte; the high bits stretch the gaps so lift timeouts fire too.
    let spacing = Microseconds(1_000) << Microseconds(data[0] >> 5)
    var source = LegacyContactSource(protocol: packetProtocol, panelSize: PanelPoint(x: 345, y: 194))
    // LegacySession.trackerConfiguration's settings (TouchHost is not compiled in).
    let tracker = TrackerConfiguration(reportRateHz: 100, staleGap: 300_000, minimumReportTimeout: 400_000, silence: .endsTouches)
    var pipeline = TouchPipeline(tracker: tracker, engine: BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194))
    var output = CheckedOutput(capacity: pipeline.tracker.configuration.capacity)

    func consume(_ frame: ContactFrame) {
        output.consume(frame, in: &pipeline)
        output.requireClean()
    }

    for position in 1..<size {
        let time = Microseconds(position) * spacing
        if let frame = source.push(data[position], at: time) { consume(frame) }
        if let status = source.takeStatus() {
            precondition(status.kind == .resync && status.count > 0, "a resync status must count skipped bytes")
        }
        precondition(source.stats.skippedBytes <= position, "more bytes skipped than pushed")
    }
    if let frame = source.expireStaleContacts(at: Microseconds(size + 1_000) * spacing) { consume(frame) }
    output.finish(&pipeline)
    output.requireClean()
    return 0
}
