import TouchCore

extension ScanResult {
    /// The tracker's input for this scan, in millimetres, for hosts that run the firmware in-process
    /// rather than through the wire protocol. Amplitudes stay in counts.
    public func contactFrame(on board: BoardDefinition) -> ContactFrame {
        var frame = ContactFrame(timestamp: timestamp, sequence: sequence, isFull: true)
        frame.droppedContacts = droppedContacts
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
        return frame
    }
}
