import TouchCore

/// A peak placed on the panel: what the contact tracker and the debouncer work with.
public struct LocatedPeak: Equatable, Sendable {
    public var position: PanelPoint
    public var delta: Int16
    /// The contact's ellipse (`ContactShapeMeter`) and whether it is a palm (`PalmFilter`), in the
    /// wire's 4 bytes: 32 of these live in each of the scan's peak lists.
    public var shape: WireShape

    public init(position: PanelPoint, delta: Int16, shape: WireShape = .unknown) {
        self.position = position
        self.delta = delta
        self.shape = shape
    }

    public static let placeholder = LocatedPeak(position: .zero, delta: 0)
}

public typealias LocatedPeakList = InlineList<32, LocatedPeak>
