import TouchCore

/// The controller's side of the serial link: commands in, messages owed, faults on the bytes out.
public struct LinkState: Sendable {
    public var commands = CommandHandler()
    public var outgoing = OutgoingQueue(filler: .delimiter)
    public var faults = FaultSettings.none
    var byteRandom = Xorshift32(seed: 0)
    /// Resets since power-on, for the `reset` status.
    public var resets: UInt32 = 0
    var reportedRejections = 0
    var overflowing = false
    /// Scans until the next heatmap; heatmaps go out only as often as the baud rate allows.
    var scansUntilHeatmap = 0
    /// Set by a one-shot `dropLink` fault; the host side of the emulator closes and reopens the link.
    var linkDropRequested = false
    /// The host asked for shaped contact reports (`setContactShapes`): until a reset.
    public var sendsShapes = false

    public init() {}

    mutating func owe(_ message: OutgoingMessage) {
        if !outgoing.append(message) {
            // A host flooding commands faster than scans drain them loses the oldest message.
            outgoing.remove(at: 0)
            outgoing.append(message)
        }
    }
}
