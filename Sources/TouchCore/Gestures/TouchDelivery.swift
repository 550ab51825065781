/// A raw touch as the application behind a region receives it, after gesture recognizers have had
/// their say (delayed, cancelled or passed through; see docs/gestures.md).
public struct TouchDelivery: Equatable, Sendable {
    // Widest fields first (Swift keeps declaration order): 24 bytes instead of 32.
    public var timestamp: Microseconds
    public var position: PanelPoint
    public var trackingId: UInt32
    public var region: RegionIndex
    /// `began`, `moved`, `ended` or `cancelled`; stationary touches are not delivered.
    public var phase: TouchPhase

    public init(
        region: RegionIndex, trackingId: UInt32, phase: TouchPhase, position: PanelPoint,
        timestamp: Microseconds
    ) {
        self.region = region
        self.trackingId = trackingId
        self.phase = phase
        self.position = position
        self.timestamp = timestamp
    }

    public static let placeholder = TouchDelivery(
        region: .root, trackingId: 0, phase: .cancelled, position: .zero, timestamp: 0)
}

public typealias TouchDeliveryList = InlineList<64, TouchDelivery>
