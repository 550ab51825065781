/// Whether the device carried out a command, and if not why.
public enum ReplyResult: UInt8, Sendable {
    case accepted = 0
    /// The device does not implement the command or the mode (see `DeviceInfo.supportedModes`).
    case unsupported = 1
    /// An argument is out of range (a report rate the panel cannot scan at, a per-mille above 1000).
    case invalidArgument = 2
    /// The device cannot do it now (a recalibration is already running).
    case busy = 3
}

/// The device's answer to a `CommandFrame`: every command gets exactly one.
public struct CommandReply: Equatable, Sendable {
    public var requestId: UInt8
    /// The frame type of the command answered.
    public var command: FrameType
    public var result: ReplyResult

    public init(requestId: UInt8, command: FrameType, result: ReplyResult) {
        self.requestId = requestId
        self.command = command
        self.result = result
    }

    public var isAccepted: Bool { result == .accepted }
}
