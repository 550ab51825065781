import TouchCore

/// Something the controller owes the host besides scan reports: sent, in order, at the start of
/// the next `advance(to:output:)`.
public enum OutgoingMessage: Equatable, Sendable {
    case reply(CommandReply)
    /// The device info, built when it is sent so it carries the current report rate.
    case info
    case status(DeviceStatusKind, count: UInt32)
    /// A lone frame delimiter, so the host drops any frame a reset cut short.
    case delimiter
}

public typealias OutgoingQueue = InlineList<16, OutgoingMessage>
