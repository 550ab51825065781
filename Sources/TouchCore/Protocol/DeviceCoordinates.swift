// Device units <-> panel millimetres, the one conversion firmware and host must agree on:
// (0, 0) is the panel's top-left corner and (maxX, maxY) its bottom-right corner.
// Integers reach Float through Int: a generic conversion from UInt16 needs an Array on 32-bit targets.

extension DeviceInfo {
    /// Panel size in millimetres.
    public var panelSize: PanelPoint {
        PanelPoint(x: Float(Int(panelWidth)) / 10, y: Float(Int(panelHeight)) / 10)
    }

    public func millimetres(x: UInt16, y: UInt16) -> PanelPoint {
        DeviceScale(self).millimetres(x: x, y: y)
    }

    /// The nearest device coordinates of `point`, clamped to the panel.
    public func deviceCoordinates(of point: PanelPoint) -> (x: UInt16, y: UInt16) {
        let size = panelSize
        return (
            Self.scale(point.x, from: size.x, to: maxX),
            Self.scale(point.y, from: size.y, to: maxY)
        )
    }

    private static func scale(_ value: Float, from extent: Float, to maximum: UInt16) -> UInt16 {
        guard extent > 0 else { return 0 }
        let scaled = value / extent * Float(Int(maximum)) + 0.5
        if !(scaled > 0) { return 0 }
        if scaled >= Float(Int(maximum)) { return maximum }
        return UInt16(scaled)
    }
}

/// `DeviceInfo.millimetres(x:y:)`'s factors, worked out once for a whole report: each conversion
/// needed the panel's size, two divisions, for every contact.
struct DeviceScale {
    let size: PanelPoint
    let maxX: UInt16, maxY: UInt16
    let extentX: Float, extentY: Float

    @inline(__always)
    init(_ info: DeviceInfo) {
        size = info.panelSize
        maxX = info.maxX
        maxY = info.maxY
        extentX = Float(Int(maxX))
        extentY = Float(Int(maxY))
    }

    @inline(__always)
    func millimetres(x: UInt16, y: UInt16) -> PanelPoint {
        PanelPoint(
            x: maxX == 0 ? 0 : Float(Int(x)) * size.x / extentX,
            y: maxY == 0 ? 0 : Float(Int(y)) * size.y / extentY)
    }

    /// The tracker's input for `contact`; coordinates beyond the device's declared range are clamped
    /// to it (see `WireContact.reportedContact(on:)`).
    @inline(__always)
    func reportedContact(_ contact: WireContact) -> ReportedContact {
        ReportedContact(
            controllerId: contact.id, state: contact.state,
            position: millimetres(x: min(contact.x, maxX), y: min(contact.y, maxY)),
            amplitude: UInt16(contact.amplitude),
            // A plain report's contacts have no shape: no conversion to make.
            shape: contact.shape == .unknown ? .unknown : contact.shape.contactShape, isPalm: contact.shape.isPalm)
    }
}

extension WireContact {
    /// The tracker's input for this contact, in millimetres on the panel `info` describes. A
    /// coordinate beyond the device's declared range (`maxX`, `maxY`) is clamped to it: the 12 bits
    /// on the wire can say up to 4095 whatever the device declared, and no touch lies off the panel.
    public func reportedContact(on info: DeviceInfo) -> ReportedContact {
        DeviceScale(info).reportedContact(self)
    }
}

extension ContactReport {
    /// The tracker's input for this report. `timestamp` is the report's unwrapped time
    /// (`TimestampUnwrapper`); the 16-bit sequence number is passed on as is.
    public func contactFrame(on info: DeviceInfo, at timestamp: Microseconds) -> ContactFrame {
        var frame = ContactFrame(timestamp: timestamp)
        fill(&frame, on: info, at: timestamp)
        return frame
    }

    /// The same written over `frame`: a caller that keeps one frame for every report makes no new
    /// one (672 bytes, filler included) and copies none out, and hands it on `inout`.
    public func fill(_ frame: inout ContactFrame, on info: DeviceInfo, at timestamp: Microseconds) {
        frame.timestamp = timestamp
        frame.sequence = UInt32(sequence)
        frame.isFull = true
        frame.droppedContacts = 0
        frame.contacts.removeAll()
        let scale = DeviceScale(info)
        // Through a span: an element read of the borrowed report's list can copy all of it.
        let wire = contacts.elements
        for index in wire.indices { frame.add(scale.reportedContact(wire[index])) }
    }
}
