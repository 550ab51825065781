/// Up to 32 example strokes, each kept as a 64-point `UnistrokeShape` with its 16 direction shares
/// (18 KB in all), matched against new strokes in the manner of the $1 recognizer. Several templates may share one
/// gesture `label` (a caller's number): that is how a library learns more than one way to draw it.
public struct TemplateLibrary: Sendable {
    public static let capacity = 32

    public struct Match: Equatable, Sendable {
        /// The template's position in the library, in order of registration.
        public var index: Int
        public var label: UInt8
        /// 1 for a perfect match; the $1 paper's scale, from the point distance alone, so a
        /// `minimumScore` means what it means for $1. The directions only help choose the template.
        public var score: Float
    }

    private var shapes: InlineArray<32, UnistrokeShape>
    private var labels: InlineArray<32, UInt8>
    public private(set) var count: Int = 0
    /// Matches scoring below this are no match at all.
    public var minimumScore: Float

    public init(minimumScore: Float = 0) {
        shapes = InlineArray(repeating: UnistrokeShape())
        labels = InlineArray(repeating: 0)
        self.minimumScore = minimumScore
    }

    public var isFull: Bool { count == Self.capacity }

    public func label(at index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "TemplateLibrary index out of range")
        return labels[index]
    }

    /// Adds an example stroke and returns its index, or nil when the library is full or the
    /// example has fewer than two distinct points.
    @discardableResult
    public mutating func register(_ example: StrokeBuffer, label: UInt8) -> Int? {
        guard count < Self.capacity, example.count > 1 else { return nil }
        shapes[count] = UnistrokeShape(example)
        labels[count] = label
        count += 1
        return count - 1
    }

    public mutating func removeAll() { count = 0 }

    /// The best-scoring template for `stroke`, or nil when the library is empty, the stroke is a
    /// point, or the best score is below `minimumScore`.
    public func recognize(_ stroke: StrokeBuffer) -> Match? {
        best(for: stroke, among: shapes.span)
    }

    /// `recognize` for a caller that holds the library where it lies (an engine's shared stroke):
    /// a non-mutating call works on a copy of all 18 KB of it.
    mutating func recognizeInPlace(_ stroke: StrokeBuffer) -> Match? {
        best(for: stroke, among: shapes.span)
    }

    private func best(for stroke: StrokeBuffer, among shapes: Span<UnistrokeShape>) -> Match? {
        guard count > 0, stroke.count > 1 else { return nil }
        let candidate = UnistrokeShape(stroke)
        var best = 0
        var bestCombined = Float.greatestFiniteMagnitude
        var bestPointDistance = Float.greatestFiniteMagnitude
        for i in 0..<count {
            let d = candidate.matchDistance(to: shapes[i])
            if d.combined < bestCombined {
                bestCombined = d.combined
                bestPointDistance = d.points
                best = i
            }
        }
        let score = UnistrokeShape.score(forDistance: bestPointDistance)
        guard score >= minimumScore else { return nil }
        return Match(index: best, label: labels[best], score: score)
    }
}

/// Template matching as a stroke analyzer, so it can run in a `StrokeSession` like the others.
extension TemplateLibrary: StrokeAnalyzer {
    public func analyze(_ stroke: StrokeBuffer) -> Match? { recognize(stroke) }
}
