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
    /// The contact's footprint (`size` in a touch script); `.unknown` for the board's own finger.
    public var shape: ContactShape
    /// A resting hand's flat contact (a script's `palm`) rather than a fingertip.
    public var isPalm: Bool

    public init(
        finger: UInt8, action: FingerAction, position: PanelPoint, shape: ContactShape = .unknown, isPalm: Bool = false
    ) {
        self.finger = finger
        self.action = action
        self.position = position
        self.shape = shape
        self.isPalm = isPalm
    }
}
