/// What a controller says it sees at one moment: the tracker's input.
public enum ContactState: UInt8, Sendable {
    case down = 0
    case move = 1
    case up = 2
}

/// One contact in a `ContactFrame`, already in panel millimetres.
public struct ReportedContact: Equatable, Sendable {
    /// The controller's own contact id, or nil for anonymous contacts (protocols without ids,
    /// contacts found on the host in a heatmap) whose identity the tracker must infer.
    public var controllerId: UInt8?
    public var state: ContactState
    public var position: PanelPoint
    /// Signal strength or contact size in the controller's units; 0 when unknown.
    public var amplitude: UInt16
    /// The contact's ellipse where the source measures it.
    public var shape: ContactShape
    /// The source judged the contact a palm (far larger than a finger): see `PalmGate`.
    public var isPalm: Bool

    public init(
        controllerId: UInt8?, state: ContactState, position: PanelPoint, amplitude: UInt16 = 0,
        shape: ContactShape = .unknown, isPalm: Bool = false
    ) {
        self.controllerId = controllerId
        self.state = state
        self.position = position
        self.amplitude = amplitude
        self.shape = shape
        self.isPalm = isPalm
    }

    public static let placeholder = ReportedContact(controllerId: nil, state: .up, position: .zero)
}

public struct ContactFrame: Sendable {
    public typealias Contacts = InlineList<20, ReportedContact>

    public var timestamp: Microseconds
    /// The controller's report sequence number where the protocol has one; gaps mean lost frames.
    public var sequence: UInt32?
    /// A full frame lists every contact the controller sees, so a contact that is missing has lifted.
    /// Protocols that send one contact per packet (PenMount) produce partial frames.
    public var isFull: Bool
    /// Contacts past capacity that the producer had to drop; the tracker reports them as overflow.
    public var droppedContacts: Int
    public var contacts: Contacts

    public init(timestamp: Microseconds, sequence: UInt32? = nil, isFull: Bool = true) {
        self.timestamp = timestamp
        self.sequence = sequence
        self.isFull = isFull
        self.droppedContacts = 0
        self.contacts = Contacts(filler: .placeholder)
    }

    /// Appends a contact, counting it as dropped when the frame is full.
    public mutating func add(_ contact: ReportedContact) {
        if !contacts.append(contact) { droppedContacts += 1 }
    }
}
