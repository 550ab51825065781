import TouchCore

/// A peak placed on the panel: what the contact tracker and the debouncer work with.
public struct LocatedPeak: Equatable, Sendable {
    public var position: PanelPoint
    public var delta: Int16

    public init(position: PanelPoint, delta: Int16) {
        self.position = position
        self.delta = delta
    }

    public static let placeholder = LocatedPeak(position: .zero, delta: 0)
}

public typealias LocatedPeakList = InlineList<32, LocatedPeak>
