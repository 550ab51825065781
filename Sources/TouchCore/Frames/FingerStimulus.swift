/// What a person does to a simulated panel: finger-level input for the emulated controller, from
/// a touch script played by the emulator or sent by the host as a stimulus command.
public enum FingerAction: UInt8, Sendable {
    case down = 0
    case move = 1
    case up = 2
    /// Lifts every finger at once.
    case liftAll = 3
}

public struct FingerStimulus: Equatable, Sendable {
    /// The script's finger number; not the id the controller will report.
    public var finger: UInt8
    public var action: FingerAction
    public var position: PanelPoint

    public init(finger: UInt8, action: FingerAction, position: PanelPoint) {
        self.finger = finger
        self.action = action
        self.position = position
    }
}
