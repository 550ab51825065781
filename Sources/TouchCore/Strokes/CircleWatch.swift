/// The circle's early failure: a stroke that has gone straight farther than one side of the
/// coarsest polygon taken for a circle (an octagon) inscribed in the largest circle the panel holds
/// cannot close into a circle on this panel. On a 345 x 194 mm panel that is 74 mm. An arc of a
/// circle that fits bends away from its chord by more than `slack` within that length, so only
/// polygon sides and straight strokes count as straight.
public struct CircleWatch: StrokeWatch {
    /// How far the path may exceed its chord and still be straight: sensor jitter, mm plus a
    /// share of the run.
    public var slackDistance: Float = 0.5
    public var slackShare: Float = 0.01
    var maximumRun: Float = .infinity
    var runStart = PanelPoint.zero
    var previous = PanelPoint.zero
    var runPath: Float = 0

    public init() {}

    public mutating func begin(at point: PanelPoint, panelWidth: Float, panelHeight: Float) {
        let side = min(panelWidth, panelHeight)
        // An octagon's side is 2 r sin(22.5 degrees); r is at most half the panel's shorter side.
        maximumRun = side > 0 ? side * 0.382_683_4 : .infinity
        runStart = point
        previous = point
        runPath = 0
    }

    public mutating func move(to point: PanelPoint) -> Bool {
        runPath += previous.distance(to: point)
        previous = point
        let chord = runStart.distance(to: point)
        if runPath - chord > slackDistance + slackShare * runPath {
            // It bent: a new straight run starts here.
            runStart = point
            runPath = 0
            return true
        }
        return chord <= maximumRun
    }
}
