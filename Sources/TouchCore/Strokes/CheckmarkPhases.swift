/// The seed's checkmark state machine (initial point, down stroke, up stroke), fed one point at a
/// time, each "always" allowing a backtrack of `tolerance`: movement within it is noise and
/// neither starts the down stroke nor turns it up. `CheckmarkAnalyzer` runs it over the finished
/// stroke; `CheckmarkWatch` runs it while the finger moves, to fail as soon as no checkmark is left.
public struct CheckmarkPhases: Sendable {
    enum Phase: Sendable { case initial, down, up }

    public let tolerance: Float
    var phase = Phase.initial
    let start: PanelPoint
    var furthestRight: Float
    var lowest: Float
    var highestSinceTurn: Float

    public init(start: PanelPoint, tolerance: Float) {
        self.tolerance = tolerance
        self.start = start
        furthestRight = start.x
        lowest = start.y
        highestSinceTurn = start.y
    }

    /// True once the stroke has turned from going down to going up.
    public var turnedUp: Bool { phase == .up }

    /// False when the stroke leaves the pattern: it moves left, rises before going down, or goes
    /// down again after turning up, each by more than `tolerance`. Once false, it stays broken
    /// for any later points (the caller stops there).
    public mutating func step(to p: PanelPoint) -> Bool {
        furthestRight = max(furthestRight, p.x)
        if furthestRight - p.x > tolerance { return false }
        switch phase {
        case .initial:
            // Rising first, beyond noise, is not the down-and-right start.
            if p.y < start.y - tolerance { return false }
            if p.y > start.y { phase = .down }
            lowest = max(lowest, p.y)
        case .down:
            if p.y > lowest {
                lowest = p.y
            } else if lowest - p.y > tolerance {
                phase = .up
                highestSinceTurn = p.y
            }
        case .up:
            highestSinceTurn = min(highestSinceTurn, p.y)
            if p.y - highestSinceTurn > tolerance { return false }
        }
        return true
    }
}
