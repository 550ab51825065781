import TouchCore

/// The controller on a serial link: bytes from the host in through `receive(_:)`, reports out
/// through `advance(to:output:)`. The same calls serve the host emulator and the Cortex-M4 board.
extension TouchController {
    /// The device-info frame's contents for this board and the current settings.
    public var deviceInfo: DeviceInfo {
        DeviceInfo(
            firmwareVersion: .current, boardName: BoardName(board.name),
            panelWidth: UInt16(board.panelWidth * 10 + 0.5), panelHeight: UInt16(board.panelHeight * 10 + 0.5),
            maxX: board.maxCoordinateX, maxY: board.maxCoordinateY, columns: UInt8(board.columns),
            rows: UInt8(board.rows), maxContacts: UInt8(board.maxContacts), reportRate: UInt16(reportRate),
            supportedModes: supportedModes, idle: idle.isEnabled ? idle.settings : nil)
    }

    /// Feeds one byte from the host. A completed command takes effect at once; its reply (and any
    /// info or status it causes) goes out at the start of the next `advance(to:output:)`.
    public mutating func receive(_ byte: UInt8) {
        switch link.commands.receive(byte) {
        case .none: return
        case .malformed(let requestId, let type)?:
            link.owe(.reply(CommandReply(requestId: requestId, command: type, result: .invalidArgument)))
        case .command(let frame)?:
            execute(frame)
        }
    }

    /// True once after a one-shot `dropLink` fault: the emulator should close and reopen its link.
    public mutating func takeLinkDropRequest() -> Bool {
        defer { link.linkDropRequested = false }
        return link.linkDropRequested
    }

    /// Applies fault settings as the `injectFaults` command does; refuses rates above 1000 per mille.
    @discardableResult
    public mutating func inject(_ faults: FaultSettings) -> Bool {
        guard faults.isValid else { return false }
        var kept = faults
        kept.resetController = false
        kept.dropLink = false
        link.faults = kept
        link.byteRandom = Xorshift32(seed32: faults.seed ^ 0xB17E_F11B)
        contactFaults.configure(
            seed: faults.seed, lostLifts: faults.lostLifts, idReuse: faults.idReuse,
            duplicateContacts: faults.duplicateContacts)
        noiseBursts.configure(seed: faults.seed, rate: faults.noiseBursts)
        if faults.dropLink { link.linkDropRequested = true }
        return true
    }

    /// Sends what is owed, then runs every scan due at or before `time` and sends its reports.
    public mutating func advance<S: ByteSink>(to time: Microseconds, output: inout S) {
        var none = NoScanListener()
        advance(to: time, output: &output, listener: &none)
    }

    /// As `advance(to:output:)`, and `listener` sees each scan and may add frames after its reports.
    public mutating func advance<S: ByteSink, L: ScanListener & ~Copyable>(to time: Microseconds, output: inout S, listener: inout L) {
        if link.faults.byteLoss == 0 && link.faults.bitFlips == 0 {
            advanceUnfaulted(to: time, output: &output, listener: &listener)
            return
        }
        var faulty = LinkFaultSink(
            base: output, byteLoss: link.faults.byteLoss, bitFlips: link.faults.bitFlips, random: link.byteRandom)
        advanceUnfaulted(to: time, output: &faulty, listener: &listener)
        link.byteRandom = faulty.randomState
        output = faulty.base
    }

    private mutating func advanceUnfaulted<S: ByteSink, L: ScanListener & ~Copyable>(
        to time: Microseconds, output: inout S, listener: inout L
    ) {
        sendOwed(at: time, to: &output)
        while nextScanTime <= time {
            let scanTime = nextScanTime
            guard let result = runScheduledScan() else { continue }
            send(result, to: &output)
            listener.scanned(
                result, context: ScanContext(board: board, mode: mode, reportRate: reportRate, resets: link.resets),
                to: &output)
            sendOwed(at: scanTime, to: &output)
        }
    }

    private mutating func execute(_ frame: CommandFrame) {
        let type = frame.command.frameType
        func reply(_ result: ReplyResult) -> OutgoingMessage {
            .reply(CommandReply(requestId: frame.requestId, command: type, result: result))
        }
        switch frame.command {
        case .getInfo:
            link.owe(reply(.accepted))
            link.owe(.info)
        case .setMode(let requested):
            guard deviceInfo.supportedModes.supports(requested) else {
                link.owe(reply(.unsupported))
                return
            }
            mode = requested
            link.owe(reply(.accepted))
        case .setReportRate(let rate):
            link.owe(reply(setReportRate(Int(rate)) ? .accepted : .invalidArgument))
        case .recalibrate:
            link.owe(reply(.accepted))
            recalibrate()
        case .reset:
            link.owe(reply(.accepted))
            reset()
        case .stimulus(let stimulus):
            apply(stimulus)
            link.owe(reply(.accepted))
        case .injectFaults(let faults):
            guard inject(faults) else {
                link.owe(reply(.invalidArgument))
                return
            }
            link.owe(reply(.accepted))
            if faults.resetController { reset() }
        case .setContactShapes(let on):
            link.sendsShapes = on
            link.owe(reply(.accepted))
        case .setIdleAcquisition(let on):
            setIdleAcquisition(on)
            // The info that follows says how it idles now (or, switched off, that it does not).
            link.owe(reply(.accepted))
            link.owe(.info)
        }
    }

    private mutating func sendOwed<S: ByteSink>(at time: Microseconds, to output: inout S) {
        let rejected = link.commands.rejectedFrames
        if rejected != link.reportedRejections {
            link.reportedRejections = rejected
            link.owe(.status(.badCommands, count: UInt32(truncatingIfNeeded: rejected)))
        }
        let timestamp = UInt32(truncatingIfNeeded: time)
        for index in link.outgoing.indices {
            switch link.outgoing[index] {
            case .reply(let reply): FrameEncoder.encode(.reply(reply), to: &output)
            case .info: FrameEncoder.encode(.info(deviceInfo), to: &output)
            case .status(let kind, let count):
                FrameEncoder.encode(.status(DeviceStatus(timestamp: timestamp, kind: kind, count: count)), to: &output)
            case .delimiter: FrameEncoder.writeDelimiter(to: &output)
            }
        }
        link.outgoing.removeAll()
    }

    private mutating func send<S: ByteSink>(_ result: ScanResult, to output: inout S) {
        let sequence = UInt16(truncatingIfNeeded: result.sequence)
        let timestamp = UInt32(truncatingIfNeeded: result.timestamp)
        if mode == .contacts || mode == .both {
            // A host that did not ask for shapes cannot tell a palm from a finger: it never sees one.
            var report = ContactReport(sequence: sequence, timestamp: timestamp, isShaped: link.sendsShapes)
            for i in result.contacts.indices where link.sendsShapes || !result.contacts[i].isPalm {
                let contact = result.contacts[i]
                report.contacts.append(
                    WireContact(
                        id: contact.id, state: contact.state, x: contact.x, y: contact.y,
                        amplitude: TouchController.wireAmplitude(contact.amplitude),
                        shape: link.sendsShapes ? contact.shape : .unknown))
            }
            FrameEncoder.encode(.contacts(report), to: &output)
        }
        if mode == .heatmap || mode == .both {
            if link.scansUntilHeatmap <= 0 {
                link.scansUntilHeatmap = heatmapInterval
                let columns = deltas.columns
                let nodes = deltas.storage.bytes.span
                FrameEncoder.encodeHeatmap(
                    sequence: sequence, timestamp: timestamp, rows: UInt8(board.rows), columns: UInt8(columns),
                    to: &output) { row, column in Int16(bitPattern: NodeBuffer.node(row * columns + column, in: nodes)) }
            }
            link.scansUntilHeatmap -= 1
        }
        let overflowing = result.droppedContacts > 0
        if overflowing && !link.overflowing {
            link.owe(.status(.overflow, count: UInt32(truncatingIfNeeded: result.droppedContacts)))
        }
        link.overflowing = overflowing
    }

    /// Counts on the wire are one byte: half the delta, so a finger's few hundred counts fit.
    static func wireAmplitude(_ counts: UInt16) -> UInt8 { UInt8(min(255, counts / 2)) }

    /// Scans between heatmaps, so that heatmaps and full contact reports together take at most
    /// three quarters of the link. A full grid is about 2 bytes a node plus 16 a row, a report 12
    /// bytes plus 5 a contact, and a byte is 10 bits on the wire.
    public var heatmapInterval: Int {
        let bytesPerGrid = board.columns * board.rows * 2 + board.rows * 16
        let contactBytesPerSecond = (12 + 5 * board.maxContacts) * reportRate
        let budget = board.baud / 10 * 3 / 4 - contactBytesPerSecond
        guard budget > 0 else { return Int.max / 2 }
        return max(1, (bytesPerGrid * reportRate + budget - 1) / budget)
    }
}
