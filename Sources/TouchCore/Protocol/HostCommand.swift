/// What the host asks of the device. Each command travels in a `CommandFrame` with a request id.
public enum HostCommand: Equatable, Sendable {
    case getInfo
    case setMode(ReportMode)
    /// Reports per second.
    case setReportRate(UInt16)
    case recalibrate
    case reset
    /// Finger-level input for an emulated panel; positions travel in 0.1 mm.
    case stimulus(FingerStimulus)
    case injectFaults(FaultSettings)
    /// Asks for shaped contact reports (0x08) instead of plain ones, or back; only for a device
    /// whose info lists `ReportModeSet.shapes`.
    case setContactShapes(Bool)
    /// Asks the device to idle while nothing touches it (and to say how in its info), or to stop;
    /// only for a device whose info lists `ReportModeSet.idles`.
    case setIdleAcquisition(Bool)

    public var frameType: FrameType {
        switch self {
        case .getInfo: .getInfo
        case .setMode: .setMode
        case .setReportRate: .setReportRate
        case .recalibrate: .recalibrate
        case .reset: .reset
        case .stimulus: .stimulus
        case .injectFaults: .injectFaults
        case .setContactShapes: .setContactShapes
        case .setIdleAcquisition: .setIdleAcquisition
        }
    }
}

/// A command and the id its reply will carry. The host chooses ids; the device echoes them.
public struct CommandFrame: Equatable, Sendable {
    public var requestId: UInt8
    public var command: HostCommand

    public init(requestId: UInt8, command: HostCommand) {
        self.requestId = requestId
        self.command = command
    }
}
