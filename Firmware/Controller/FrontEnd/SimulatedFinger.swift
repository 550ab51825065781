import TouchCore

/// A finger resting on the simulated panel, keyed by the script's finger number.
public struct SimulatedFinger: Equatable, Sendable {
    public var finger: UInt8
    public var position: PanelPoint

    public init(finger: UInt8, position: PanelPoint) {
        self.finger = finger
        self.position = position
    }

    public static let placeholder = SimulatedFinger(finger: 0, position: .zero)
}
