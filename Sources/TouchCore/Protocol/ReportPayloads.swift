// Payload layouts of the device's own messages. docs/protocol.md shows each byte by byte.

extension DeviceInfo {
    public func write(to frame: inout FrameBuffer) {
        frame.append(protocolVersion)
        frame.append(firmwareVersion.major)
        frame.append(firmwareVersion.minor)
        frame.append(firmwareVersion.patch)
        frame.append(panelWidth)
        frame.append(panelHeight)
        frame.append(maxX)
        frame.append(maxY)
        frame.append(columns)
        frame.append(rows)
        frame.append(maxContacts)
        frame.append(reportRate)
        frame.append(supportedModes.rawValue)
        // The name goes last so its length can vary without moving any other field.
        frame.append(UInt8(boardName.count))
        for index in 0..<boardName.count { frame.append(boardName[index]) }
        // Only a device asked to idle sends these, so an older host never sees a longer info.
        if let idle {
            frame.append(idle.scanInterval)
            frame.append(idle.reportInterval)
            frame.append(idle.activeTimeout)
        }
    }

    public init?(reading reader: inout PayloadReader) {
        let protocolVersion = reader.readUInt8()
        let major = reader.readUInt8()
        let minor = reader.readUInt8()
        let patch = reader.readUInt8()
        let panelWidth = reader.readUInt16()
        let panelHeight = reader.readUInt16()
        let maxX = reader.readUInt16()
        let maxY = reader.readUInt16()
        let columns = reader.readUInt8()
        let rows = reader.readUInt8()
        let maxContacts = reader.readUInt8()
        let reportRate = reader.readUInt16()
        let modes = reader.readUInt8()
        let nameLength = Int(reader.readUInt8())
        guard nameLength <= BoardName.capacity else { return nil }
        var name = BoardName()
        for _ in 0..<nameLength { name.append(reader.readUInt8()) }
        var idle: IdleAcquisition?
        if reader.remaining == 6 {
            let scan = reader.readUInt16()
            let report = reader.readUInt16()
            idle = IdleAcquisition(scanInterval: scan, reportInterval: report, activeTimeout: reader.readUInt16())
            // Nonsense timing is malformed, like any field out of its range.
            if idle?.isValid == false { reader.fail() }
        }
        guard reader.isCompleteAndExact else { return nil }
        self.init(
            protocolVersion: protocolVersion, firmwareVersion: FirmwareVersion(major: major, minor: minor, patch: patch),
            boardName: name, panelWidth: panelWidth, panelHeight: panelHeight, maxX: maxX, maxY: maxY,
            columns: columns, rows: rows, maxContacts: maxContacts, reportRate: reportRate,
            supportedModes: ReportModeSet(rawValue: modes), idle: idle)
    }
}

extension WireContact {
    /// Byte 0: id in bits 0-4, state in bits 5-6, bit 7 zero. Bytes 1-3: x low 8 bits; x high 4 bits
    /// in the low nibble and y low 4 bits in the high nibble; y high 8 bits. Byte 4: amplitude.
    /// Ids above 31 and coordinates above 4095 cannot be represented: they are clamped.
    public func write(to frame: inout FrameBuffer) {
        let x = min(self.x, WireContact.maxCoordinate)
        let y = min(self.y, WireContact.maxCoordinate)
        frame.append(min(id, WireContact.maxId) | state.rawValue &<< 5)
        frame.append(UInt8(truncatingIfNeeded: x))
        frame.append(UInt8(truncatingIfNeeded: x &>> 8) | UInt8(truncatingIfNeeded: y &<< 4))
        frame.append(UInt8(truncatingIfNeeded: y &>> 4))
        frame.append(amplitude)
    }

    public init?(reading reader: inout PayloadReader) {
        let first = reader.readUInt8()
        let b1 = reader.readUInt8()
        let b2 = reader.readUInt8()
        let b3 = reader.readUInt8()
        self.init(wire: first, b1, b2, b3, amplitude: reader.readUInt8())
    }

    /// The contact in its five wire bytes; nil when bit 7 of the first is set.
    @inline(__always)
    init?(wire first: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8, amplitude: UInt8) {
        // Bit 7 clear and a state of 0...2 (bits 5-6): the first byte is below 0x60.
        guard first < 0x60, let state = ContactState(rawValue: first &>> 5) else { return nil }
        let low = UInt16(b1), middle = UInt16(b2), high = UInt16(b3)
        self.id = first & 0x1F
        self.state = state
        self.x = low | (middle & 0x0F) &<< 8
        self.y = middle &>> 4 | high &<< 4
        self.amplitude = amplitude
        self.shape = .unknown
    }
}

extension ContactReport {
    public static let headerLength = 6
    public static let bytesPerContact = 5
    /// A shaped report's contact: the 5 bytes of a plain one, then its `WireShape`.
    public static let bytesPerShapedContact = 9

    public func write(to frame: inout FrameBuffer) {
        frame.append(sequence)
        frame.append(timestamp)
        for index in contacts.indices {
            contacts[index].write(to: &frame)
            if isShaped { contacts[index].shape.write(to: &frame) }
        }
    }

    /// The contact count is not sent: it is (payload length - 6) / 5, or / 9 when `shaped`.
    public init?(reading reader: inout PayloadReader, shaped: Bool = false) {
        self.init(sequence: 0, timestamp: 0, isShaped: shaped)
        let parsed = reader.frame.elements.extracting(reader.position..<reader.end)
            .withUnsafeBufferPointer { read(payload: $0, shaped: shaped) }
        guard parsed else { return nil }
        reader.skip(reader.remaining)
    }

    /// Parses a whole payload into this report in place, replacing what it held; false when the
    /// payload is malformed (the report's content is then unspecified). The decoder keeps one
    /// report and parses every contact report into it: built as a new value, each 250-byte report
    /// was copied on its way out several times, most of the decoder's work.
    @inline(__always)
    mutating func read(payload: UnsafeBufferPointer<UInt8>, shaped: Bool) -> Bool {
        let count = payload.count
        guard count >= Self.headerLength, let bytes = payload.baseAddress else { return false }
        let stride = shaped ? Self.bytesPerShapedContact : Self.bytesPerContact
        let contactBytes = count &- Self.headerLength
        guard contactBytes % stride == 0, contactBytes / stride <= TouchLimits.maxContacts else { return false }
        sequence = UInt16(bytes[0]) | UInt16(bytes[1]) &<< 8
        timestamp = UInt32(bytes[2]) | UInt32(bytes[3]) &<< 8 | UInt32(bytes[4]) &<< 16 | UInt32(bytes[5]) &<< 24
        isShaped = shaped
        contacts.removeAll()
        // The length is checked above, so each contact is read from its bytes directly. Plain
        // reports, every scan of most controllers, have a loop of their own with no shape to read.
        var at = Self.headerLength
        if !shaped {
            while at < count {
                guard let contact = WireContact(
                    wire: bytes[at], bytes[at &+ 1], bytes[at &+ 2], bytes[at &+ 3], amplitude: bytes[at &+ 4])
                else { return false }
                contacts.append(contact)
                at &+= Self.bytesPerContact
            }
            return true
        }
        while at < count {
            guard var contact = WireContact(
                wire: bytes[at], bytes[at &+ 1], bytes[at &+ 2], bytes[at &+ 3], amplitude: bytes[at &+ 4]),
                let shape = WireShape(wire: bytes[at &+ 5], bytes[at &+ 6], bytes[at &+ 7], bytes[at &+ 8])
            else { return false }
            contact.shape = shape
            contacts.append(contact)
            at &+= Self.bytesPerShapedContact
        }
        return true
    }
}

extension WireShape {
    public func write(to frame: inout FrameBuffer) {
        frame.append(major)
        frame.append(minor)
        frame.append(orientation)
        frame.append(flags)
    }

    /// Orientations above 179 and flags other than bit 0 are malformed.
    public init?(reading reader: inout PayloadReader) {
        let major = reader.readUInt8()
        let minor = reader.readUInt8()
        let orientation = reader.readUInt8()
        let flags = reader.readUInt8()
        guard !reader.failed else { return nil }
        self.init(wire: major, minor, orientation, flags)
    }

    /// The shape in its four wire bytes; nil for an orientation above 179 or flags other than bit 0.
    @inline(__always)
    init?(wire major: UInt8, _ minor: UInt8, _ orientation: UInt8, _ flags: UInt8) {
        guard orientation < 180, flags & ~WireShape.palmFlag == 0 else { return nil }
        self.init(major: major, minor: minor, orientation: orientation, flags: flags)
    }
}

extension HeatmapSlice {
    public static let headerLength = 10

    public func write(to frame: inout FrameBuffer) {
        frame.append(sequence)
        frame.append(timestamp)
        frame.append(totalRows)
        frame.append(firstRow)
        frame.append(rowCount)
        frame.append(columns)
        for index in values.indices { frame.append(values[index]) }
    }

    public init?(reading reader: inout PayloadReader) {
        let sequence = reader.readUInt16()
        let timestamp = reader.readUInt32()
        let totalRows = reader.readUInt8()
        let firstRow = reader.readUInt8()
        let rowCount = reader.readUInt8()
        let columns = reader.readUInt8()
        let valueCount = Int(rowCount) * Int(columns)
        guard !reader.failed, valueCount <= Self.maxValues, reader.remaining == valueCount * 2,
            Int(firstRow) + Int(rowCount) <= Int(totalRows)
        else { return nil }
        self.init(
            sequence: sequence, timestamp: timestamp, totalRows: totalRows, firstRow: firstRow, rowCount: rowCount,
            columns: columns)
        for _ in 0..<valueCount { values.append(reader.readInt16()) }
        guard reader.isCompleteAndExact else { return nil }
    }
}

extension DeviceStatus {
    public func write(to frame: inout FrameBuffer) {
        frame.append(timestamp)
        frame.append(kind.rawValue)
        frame.append(count)
    }

    public init?(reading reader: inout PayloadReader) {
        let timestamp = reader.readUInt32()
        let kind = reader.readEnum(DeviceStatusKind.reset)
        let count = reader.readUInt32()
        guard reader.isCompleteAndExact else { return nil }
        self.init(timestamp: timestamp, kind: kind, count: count)
    }
}

extension CommandReply {
    public func write(to frame: inout FrameBuffer) {
        frame.append(requestId)
        frame.append(command.rawValue)
        frame.append(result.rawValue)
    }

    public init?(reading reader: inout PayloadReader) {
        let requestId = reader.readUInt8()
        let command = reader.readEnum(FrameType.getInfo)
        let result = reader.readEnum(ReplyResult.accepted)
        guard reader.isCompleteAndExact, command.isCommand else { return nil }
        self.init(requestId: requestId, command: command, result: result)
    }
}
