/// One sample of a single-finger stroke: where the finger was, in panel millimetres, and when.
public struct StrokeSample: Equatable, Sendable {
    public var position: PanelPoint
    public var time: Microseconds

    public init(position: PanelPoint, time: Microseconds) {
        self.position = position
        self.time = time
    }

    public init(x: Float, y: Float, time: Microseconds) {
        self.init(position: PanelPoint(x: x, y: y), time: time)
    }

    public static let placeholder = StrokeSample(position: .zero, time: 0)
}
