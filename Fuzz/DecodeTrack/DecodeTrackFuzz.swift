import TouchCore

// libFuzzer target `decode-track`: arbitrary link bytes through the host's per-report path,
// FrameDecoder -> TimestampUnwrapper -> contactFrame -> TouchPipeline (tracker and kiosk
// recognizers), driven as a host drives it: a device-info message changes the panel geometry, a
// status message is taken as a link loss (cancelAll), and the input's end finishes the pipeline.
// Whatever the bytes were, everything the pipeline makes must keep the touch stream's and the
// gesture stream's promises (CheckedOutput, Tests/TouchCoreTests/SoakInvariants.swift).

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
    var pipeline = TouchPipeline(
        tracker: TrackerConfiguration(capacity: capacity), engine: BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194))
    var output = CheckedOutput(capacity: capacity)

    for position in 0..<size {
        guard case .device(let message)? = decoder.push(data[position]) else { continue }
        switch message {
        case .info(let newInfo):
            info = newInfo
        case .status:
            pipeline.cancelAll(at: pipeline.now, into: &output)
            output.checkCounts(of: pipeline)
            unwrapper.reset()
        case .contacts(let report):
            output.consume(report.contactFrame(on: info, at: unwrapper.unwrap(report.timestamp)), in: &pipeline)
        default:
            break
        }
        output.requireClean()
    }
    output.finish(&pipeline)
    output.requireClean()
    return 0
}
