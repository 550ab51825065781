/// The checkmark's early failure: the seed's phases run on the finger's positions as they come,
/// with the largest backtrack any checkmark is allowed (`CheckmarkAnalyzer.maximumWobbleDistance`),
/// and half as much again because the analyzer judges a resampled path, which can shave a sharp
/// reversal by up to half a resampling step. A stroke that moves left, rises before going down, or
/// goes down again after turning up by more than that is no checkmark however it goes on.
public struct CheckmarkWatch: StrokeWatch {
    public let tolerance: Float
    var phases: CheckmarkPhases

    public init(maximumWobbleDistance: Float) {
        tolerance = 1.5 * maximumWobbleDistance
        phases = CheckmarkPhases(start: .zero, tolerance: tolerance)
    }

    public mutating func begin(at point: PanelPoint, panelWidth: Float, panelHeight: Float) {
        phases = CheckmarkPhases(start: point, tolerance: tolerance)
    }

    public mutating func move(to point: PanelPoint) -> Bool { phases.step(to: point) }
}
