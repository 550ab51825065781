/// A position on the panel in millimetres from its top-left corner, x to the right and y down.
/// Float, not Double: the Cortex-M4 that runs the same code has a single-precision FPU only.
public struct PanelPoint: Equatable, Sendable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    public static let zero = PanelPoint(x: 0, y: 0)

    public static func + (a: PanelPoint, b: PanelPoint) -> PanelPoint { PanelPoint(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: PanelPoint, b: PanelPoint) -> PanelPoint { PanelPoint(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: PanelPoint, s: Float) -> PanelPoint { PanelPoint(x: a.x * s, y: a.y * s) }
    public static func / (a: PanelPoint, s: Float) -> PanelPoint { PanelPoint(x: a.x / s, y: a.y / s) }

    public var length: Float { (x * x + y * y).squareRoot() }

    public func distance(to other: PanelPoint) -> Float { (self - other).length }

    public func squaredDistance(to other: PanelPoint) -> Float {
        let d = self - other
        return d.x * d.x + d.y * d.y
    }
}
