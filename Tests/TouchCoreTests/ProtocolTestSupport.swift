import TouchCore

/// Collects encoded bytes in a test.
struct ByteCollector: ByteSink {
    var bytes: [UInt8] = []
    mutating func write(_ byte: UInt8) { bytes.append(byte) }
}

enum ProtocolSamples {
    static func encoded(_ message: DeviceMessage) -> [UInt8] {
        var sink = ByteCollector()
        FrameEncoder.encode(message, to: &sink)
        return sink.bytes
    }

    static func encoded(_ command: CommandFrame) -> [UInt8] {
        var sink = ByteCollector()
        FrameEncoder.encode(command, to: &sink)
        return sink.bytes
    }

    /// Feeds `bytes` to `decoder` as one run, as a host hands over one read (`FrameDecoder.decode`),
    /// and returns every frame it yields; tests that need byte-wise `push` call it themselves.
    static func decode(_ bytes: [UInt8], with decoder: inout FrameDecoder) -> [DecodedFrame] {
        var frames: [DecodedFrame] = []
        bytes.withUnsafeBufferPointer { run in
            decoder.decode(run) { frames.append($0) }
        }
        return frames
    }

    static func decode(_ bytes: [UInt8]) -> (frames: [DecodedFrame], statistics: DecoderStatistics) {
        var decoder = FrameDecoder()
        let frames = decode(bytes, with: &decoder)
        return (frames, decoder.statistics)
    }

    static let info = DeviceInfo(
        firmwareVersion: FirmwareVersion(major: 1, minor: 2, patch: 3), boardName: BoardName("emu-345"),
        panelWidth: 3450, panelHeight: 1940, maxX: 4095, maxY: 2303, columns: 32, rows: 18, maxContacts: 10,
        reportRate: 120, supportedModes: ReportModeSet.contacts.union(.heatmap))

    /// `info` from a device asked to idle.
    static let idlingInfo: DeviceInfo = {
        var idling = info
        idling.supportedModes = idling.supportedModes.union(.idles)
        idling.idle = IdleAcquisition(scanInterval: 40, reportInterval: 240, activeTimeout: 2_000)
        return idling
    }()

    static func contactReport(contacts count: Int) -> ContactReport {
        var report = ContactReport(sequence: 0x1234, timestamp: 0x0001_E240)
        for index in 0..<count {
            let state: ContactState = index % 3 == 0 ? .down : index % 3 == 1 ? .move : .up
            report.contacts.append(
                WireContact(
                    id: UInt8(index * 3 % 32), state: state, x: UInt16(100 + index * 397 % 3996),
                    y: UInt16(4095 - index * 211), amplitude: UInt8(40 + index)))
        }
        return report
    }

    static func heatmap(rows: UInt8, columns: UInt8) -> HeatmapSlice {
        var slice = HeatmapSlice(sequence: 7, timestamp: 1000, totalRows: rows + 2, firstRow: 2, rowCount: rows, columns: columns)
        for index in 0..<Int(rows) * Int(columns) { slice.values.append(Int16(index * 37 - 600)) }
        return slice
    }

    static func gesture(_ kind: GestureKind) -> GestureEvent {
        var values = GestureValues()
        switch kind {
        case .tap: values.taps = 2
        case .longPress: values.duration = 650_000
        case .pan:
            values.translation = PanelPoint(x: 12.5, y: -3.25)
            values.velocity = PanelPoint(x: 210, y: -40.5)
        case .swipe: values.direction = .up
        case .pinch:
            values.scale = 1.75
            values.scalarVelocity = 2.5
        case .rotation:
            values.rotation = -0.75
            values.scalarVelocity = 1.5
        case .edgePan:
            values.edge = .bottom
            values.translation = PanelPoint(x: 0, y: -60)
            values.velocity = PanelPoint(x: 0, y: -300)
        case .checkmark: values.vertex = PanelPoint(x: 100, y: 120)
        case .circle:
            values.center = PanelPoint(x: 170, y: 90)
            values.radius = 35.5
        case .backslash: values.length = 88
        case .capture: values.samples = 312
        case .template:
            values.templateIndex = 4
            values.score = 0.875
        case .custom:
            values.taps = 1
            values.duration = 5
            values.translation = PanelPoint(x: 1, y: 2)
            values.velocity = PanelPoint(x: 3, y: 4)
            values.scale = 5
            values.scalarVelocity = 6
            values.rotation = 7
            values.direction = .down
            values.edge = .right
            values.vertex = PanelPoint(x: 8, y: 9)
            values.center = PanelPoint(x: 10, y: 11)
            values.radius = 12
            values.length = 13
            values.samples = 14
            values.templateIndex = 15
            values.score = 16
        }
        return GestureEvent(
            recognizer: 3, kind: kind, state: .changed, timestamp: 4_100_000, location: PanelPoint(x: 150, y: 100.5),
            touches: 2, values: values)
    }

    static let allGestureKinds: [GestureKind] = [
        .tap, .longPress, .pan, .swipe, .pinch, .rotation, .edgePan, .checkmark, .circle, .backslash, .capture,
        .template, .custom,
    ]

    static let touch = TouchEventRecord(
        timestamp: 16_000,
        touch: TrackedTouch(
            trackingId: 7, slot: 0, phase: .moved, position: PanelPoint(x: 121.5, y: 80),
            startPosition: PanelPoint(x: 120, y: 80), startTime: 0, amplitude: 300))

    static var deviceMessages: [DeviceMessage] {
        [
            .info(info),
            .contacts(contactReport(contacts: 0)),
            .contacts(contactReport(contacts: 1)),
            .contacts(contactReport(contacts: 10)),
            .contacts(contactReport(contacts: 20)),
            .heatmap(heatmap(rows: 3, columns: 32)),
            .heatmap(heatmap(rows: 1, columns: 123)),
            .touch(touch),
            .status(DeviceStatus(timestamp: 0xFFFF_FF00, kind: .framesLost, count: 2)),
            .status(DeviceStatus(timestamp: 5, kind: .reset, count: 1)),
            .reply(CommandReply(requestId: 9, command: .setReportRate, result: .invalidArgument)),
            .reply(CommandReply(requestId: 10, command: .getInfo, result: .accepted)),
        ] + allGestureKinds.map { .gesture(gesture($0)) }
    }

    static let faults = FaultSettings(
        seed: 0xDEAD_BEEF, byteLoss: 5, bitFlips: 2, noiseBursts: 10, lostLifts: 50, idReuse: 20,
        duplicateContacts: 1, resetController: true, dropLink: false)

    static let commands: [CommandFrame] = [
        CommandFrame(requestId: 1, command: .getInfo),
        CommandFrame(requestId: 2, command: .setMode(.both)),
        CommandFrame(requestId: 3, command: .setMode(.gestures)),
        CommandFrame(requestId: 4, command: .setReportRate(240)),
        CommandFrame(requestId: 5, command: .recalibrate),
        CommandFrame(requestId: 6, command: .reset),
        CommandFrame(
            requestId: 7, command: .stimulus(FingerStimulus(finger: 1, action: .down, position: PanelPoint(x: 120, y: 80.5)))),
        CommandFrame(requestId: 8, command: .stimulus(FingerStimulus(finger: 0, action: .liftAll, position: .zero))),
        CommandFrame(requestId: 255, command: .injectFaults(faults)),
    ]
}
