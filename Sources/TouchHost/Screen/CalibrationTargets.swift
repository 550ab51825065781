/// Where `calibrate` puts its targets, as fractions of the screen, in the order contracts.md
/// section 5 gives: the four corners' insets clockwise from top-left, the centre, then (9 points)
/// the edges' middles clockwise from the top.
public enum CalibrationTargets {
    public static let five: [(x: Double, y: Double)] = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)]
    public static let nine: [(x: Double, y: Double)] = five + [(0.5, 0.1), (0.9, 0.5), (0.5, 0.9), (0.1, 0.5)]

    /// The targets for `count` points (5 or 9) in pixels of `screen`; nil for another count.
    public static func targets(count: Int, on screen: ScreenSize) -> [ScreenPoint]? {
        let fractions: [(x: Double, y: Double)]
        switch count {
        case 5: fractions = five
        case 9: fractions = nine
        default: return nil
        }
        return fractions.map { ScreenPoint(x: $0.x * Double(screen.width), y: $0.y * Double(screen.height)) }
    }
}
