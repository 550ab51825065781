/// A backslash: a straight stroke down and to the right, at least `minimumLength` long. Unlike a
/// pan it must be straight: no point may stray far from the line between its ends.
public struct BackslashAnalyzer: StrokeAnalyzer, Sendable {
    public struct Result: Equatable, Sendable {
        public var start: PanelPoint
        public var end: PanelPoint
        /// From start to end, mm.
        public var length: Float
    }

    public var minimumLength: Float = 20
    /// The stroke's direction below the horizontal, radians: a backslash leans at about 45°.
    public var minimumSlope: Float = 20 * ScalarMath.pi / 180
    public var maximumSlope: Float = 70 * ScalarMath.pi / 180
    /// The farthest any sample may lie from the start-to-end line, as a fraction of the length.
    public var maximumDeviation: Float = 0.12
    /// The path may be this much longer than the line: it catches zigzags along the line.
    public var maximumPathRatio: Float = 1.2

    public init(minimumLength: Float = 20) {
        self.minimumLength = minimumLength
    }

    public func analyze(_ stroke: @_addressable StrokeBuffer) -> Result? {
        guard let first = stroke.first, let last = stroke.last else { return nil }
        let start = first.position
        let end = last.position
        let chord = end - start
        let length = chord.length
        guard length >= minimumLength, chord.x > 0, chord.y > 0 else { return nil }
        let slope = ScalarMath.atan2(chord.y, chord.x)
        guard slope >= minimumSlope, slope <= maximumSlope else { return nil }
        guard stroke.pathLength <= maximumPathRatio * length else { return nil }
        let limit = maximumDeviation * length
        for i in stroke.indices {
            let offset = stroke[i].position - start
            // The cross product over the length is the distance from the line.
            let distance = abs(offset.x * chord.y - offset.y * chord.x) / length
            if distance > limit { return nil }
        }
        return Result(start: start, end: end, length: length)
    }
}
