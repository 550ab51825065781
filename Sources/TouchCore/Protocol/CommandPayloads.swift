// Payload layouts of host commands. Every command payload starts with the request id.

extension FingerStimulus {
    /// Position in 0.1 mm as UInt16: 0...6553.5 mm, rounded to nearest, negative clamped to 0.
    /// A sized finger or a palm adds its shape as a `WireShape` (4 bytes); a plain finger sends
    /// the 6 bytes a device without shapes understands.
    public func write(to frame: inout FrameBuffer) {
        frame.append(finger)
        frame.append(action.rawValue)
        frame.append(Self.decimillimetres(position.x))
        frame.append(Self.decimillimetres(position.y))
        if shape.isKnown || isPalm { WireShape(shape, isPalm: isPalm).write(to: &frame) }
    }

    public init?(reading reader: inout PayloadReader) {
        let finger = reader.readUInt8()
        let action = reader.readEnum(FingerAction.liftAll)
        let x = reader.readUInt16()
        let y = reader.readUInt16()
        guard !reader.failed else { return nil }
        self.init(finger: finger, action: action, position: PanelPoint(x: Float(Int(x)) / 10, y: Float(Int(y)) / 10))
        if reader.remaining > 0 {
            guard let wire = WireShape(reading: &reader) else { return nil }
            shape = wire.contactShape
            isPalm = wire.isPalm
        }
    }

    static func decimillimetres(_ millimetres: Float) -> UInt16 {
        // Add-and-truncate rather than rounded(): that can lower to a libm call the firmware lacks.
        let scaled = millimetres * 10 + 0.5
        if !(scaled > 0) { return 0 }
        if scaled >= 65535 { return UInt16.max }
        return UInt16(scaled)
    }
}

extension FaultSettings {
    public func write(to frame: inout FrameBuffer) {
        frame.append(seed)
        frame.append(byteLoss)
        frame.append(bitFlips)
        frame.append(noiseBursts)
        frame.append(lostLifts)
        frame.append(idReuse)
        frame.append(duplicateContacts)
        let oneShots: UInt8 = (resetController ? 0x01 : 0) | (dropLink ? 0x02 : 0)
        frame.append(oneShots)
    }

    public init?(reading reader: inout PayloadReader) {
        let seed = reader.readUInt32()
        let byteLoss = reader.readUInt16()
        let bitFlips = reader.readUInt16()
        let noiseBursts = reader.readUInt16()
        let lostLifts = reader.readUInt16()
        let idReuse = reader.readUInt16()
        let duplicateContacts = reader.readUInt16()
        let oneShots = reader.readUInt8()
        guard !reader.failed, oneShots & 0xFC == 0 else { return nil }
        self.init(
            seed: seed, byteLoss: byteLoss, bitFlips: bitFlips, noiseBursts: noiseBursts, lostLifts: lostLifts,
            idReuse: idReuse, duplicateContacts: duplicateContacts, resetController: oneShots & 0x01 != 0,
            dropLink: oneShots & 0x02 != 0)
    }
}

extension CommandFrame {
    public func write(to frame: inout FrameBuffer) {
        frame.append(requestId)
        switch command {
        case .getInfo, .recalibrate, .reset: break
        case .setMode(let mode): frame.append(mode.rawValue)
        case .setReportRate(let rate): frame.append(rate)
        case .stimulus(let stimulus): stimulus.write(to: &frame)
        case .injectFaults(let faults): faults.write(to: &frame)
        case .setContactShapes(let on): frame.append(UInt8(on ? 1 : 0))
        case .setIdleAcquisition(let on): frame.append(UInt8(on ? 1 : 0))
        }
    }

    public init?(type: FrameType, reading reader: inout PayloadReader) {
        let requestId = reader.readUInt8()
        let command: HostCommand
        switch type {
        case .getInfo: command = .getInfo
        case .recalibrate: command = .recalibrate
        case .reset: command = .reset
        case .setMode: command = .setMode(reader.readEnum(ReportMode.contacts))
        case .setReportRate: command = .setReportRate(reader.readUInt16())
        case .stimulus:
            guard let stimulus = FingerStimulus(reading: &reader) else { return nil }
            command = .stimulus(stimulus)
        case .injectFaults:
            guard let faults = FaultSettings(reading: &reader) else { return nil }
            command = .injectFaults(faults)
        case .setContactShapes:
            let on = reader.readUInt8()
            guard on <= 1 else { return nil }
            command = .setContactShapes(on == 1)
        case .setIdleAcquisition:
            let on = reader.readUInt8()
            guard on <= 1 else { return nil }
            command = .setIdleAcquisition(on == 1)
        case .info, .contacts, .heatmap, .gesture, .touch, .status, .reply, .shapedContacts: return nil
        }
        guard reader.isCompleteAndExact else { return nil }
        self.init(requestId: requestId, command: command)
    }
}
