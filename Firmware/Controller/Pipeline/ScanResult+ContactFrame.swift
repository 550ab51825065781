import TouchCore

extension ScanResult {
    /// The tracker's input for this scan, in millimetres, for hosts that run the firmware in-process
    /// rather than through the wire protocol. Amplitudes stay in counts.
    public func contactFrame(on board: BoardDefinition) -> ContactFrame {
        var frame = ContactFrame(timestamp: timestamp)
        fill(&frame, on: board)
        return frame
    }

    /// `contactFrame(on:)` written into `frame`, whatever it held: a frame kept across scans is
    /// filled where it lies (returned by value, 672 bytes went through two copies a scan on the
    /// controller).
    public func fill(_ frame: inout ContactFrame, on board: BoardDefinition) {
        frame.timestamp = timestamp
        frame.sequence = sequence
        frame.isFull = true
        frame.droppedContacts = droppedContacts
        frame.contacts.removeAll()
        // One span for the loop: each read through the borrowed result copied the whole list.
        let contacts = self.contacts.elements
        for i in contacts.indices {
            let contact = contacts[i]
            frame.add(
                ReportedContact(
                    controllerId: contact.id, state: contact.state,
                    position: PanelPoint(x: board.millimetresX(device: contact.x), y: board.millimetresY(device: contact.y)),
                    amplitude: contact.amplitude, shape: contact.shape.contactShape, isPalm: contact.isPalm))
        }
    }
}
