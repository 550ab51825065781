/// A first-order low-pass over per-frame rates of change. One value of state, so its cost per frame
/// never depends on how long the gesture has lasted.
struct VelocityFilter<Value: VelocityValue>: Sendable {
    var value: Value = .zeroValue
    var timeConstant: Microseconds = GestureDefaults.velocitySmoothing

    mutating func add(change: Value, over interval: Microseconds) {
        guard interval > 0 else { return }
        let seconds = Float(interval) / 1_000_000
        let rate = change.scaled(by: 1 / seconds)
        let weight = Float(interval) / Float(interval + timeConstant)
        value = value.scaled(by: 1 - weight).plus(rate.scaled(by: weight))
    }
}

protocol VelocityValue: Sendable {
    static var zeroValue: Self { get }
    func scaled(by factor: Float) -> Self
    func plus(_ other: Self) -> Self
}

extension Float: VelocityValue {
    static var zeroValue: Float { 0 }
    func scaled(by factor: Float) -> Float { self * factor }
    func plus(_ other: Float) -> Float { self + other }
}

extension PanelPoint: VelocityValue {
    static var zeroValue: PanelPoint { .zero }
    func scaled(by factor: Float) -> PanelPoint { self * factor }
    func plus(_ other: PanelPoint) -> PanelPoint { self + other }
}
