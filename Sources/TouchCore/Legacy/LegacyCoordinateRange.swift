/// The raw controller values at the panel's left, right, top and bottom edges. A minimum above
/// its maximum flips the axis, which is how controllers with y growing upwards, or panels
/// mounted rotated, are set up without a separate flag.
public struct LegacyCoordinateRange: Equatable, Sendable {
    public var minX: Int32
    public var maxX: Int32
    public var minY: Int32
    public var maxY: Int32

    public init(minX: Int32, maxX: Int32, minY: Int32, maxY: Int32) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    /// Maps a raw position onto a panel of `panelSize` mm (x = width, y = height). Values beyond
    /// the range clamp to the edge: uncalibrated controllers overshoot a little near the bezel.
    public func position(x: UInt16, y: UInt16, panelSize: PanelPoint) -> PanelPoint {
        PanelPoint(x: Self.fraction(Int32(x), from: minX, to: maxX) * panelSize.x,
                   y: Self.fraction(Int32(y), from: minY, to: maxY) * panelSize.y)
    }

    private static func fraction(_ value: Int32, from low: Int32, to high: Int32) -> Float {
        guard high != low else { return 0 }
        // Through Int: in Embedded Swift only Float(Int) avoids the generic, allocating path.
        let f = Float(Int(value) - Int(low)) / Float(Int(high) - Int(low))
        return f < 0 ? 0 : (f > 1 ? 1 : f)
    }
}
