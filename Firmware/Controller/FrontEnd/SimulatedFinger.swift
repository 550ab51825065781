import TouchCore

/// A finger (or a resting palm) on the simulated panel, keyed by the script's finger number.
public struct SimulatedFinger: Equatable, Sendable {
    public var finger: UInt8
    public var position: PanelPoint
    /// The contact's ellipse and palm flag in the stimulus's 4 bytes (20 fingers live in the
    /// Cortex-M4's RAM); major 0 for the board's own round fingertip.
    public var footprint: WireShape

    public init(finger: UInt8, position: PanelPoint, footprint: WireShape = .unknown) {
        self.finger = finger
        self.position = position
        self.footprint = footprint
    }

    public var isPalm: Bool { footprint.isPalm }
    public var hasOwnShape: Bool { footprint.major > 0 || footprint.isPalm }

    public static let placeholder = SimulatedFinger(finger: 0, position: .zero)
}
