/// A match: which template, its label and how well it matched (`TemplateRejection.score`).
public struct TemplateMatch: Equatable, Sendable {
    /// The template's position in the library, in order of registration.
    public var index: Int
    public var label: UInt8
    /// 1 for a perfect match; 1/2 when the stroke is as far from its template as the class's
    /// examples are from each other (`TemplateRejection`).
    public var score: Float
}

/// Up to `size` example strokes, each kept as a `UnistrokeShape`, matched against new strokes
/// (nearest example by `UnistrokeShape.distance`, judged by its class's spread). Several templates may
/// share one gesture `label` (a caller's number): that is how a library learns more than one way to
/// draw it, and how it learns how loosely a gesture is drawn.
///
/// The one storage of templates: the engine keeps a `TemplateLibrary`, the host's recognizer sets a
/// `HostTemplateLibrary` (TemplateCapacity.swift names both sizes).
public struct TemplateCollection<let size: Int>: Sendable {
    public typealias Match = TemplateMatch

    public static var capacity: Int { size }

    private var shapes: InlineArray<size, UnistrokeShape>
    private var labels: InlineArray<size, UInt8>
    /// Each example's distance to the nearest other example of its label (0 when it has none).
    private var nearest: InlineArray<size, Float>
    public private(set) var count: Int = 0
    /// Matches scoring below this are no match at all.
    public var minimumScore: Float

    public init(minimumScore: Float = 0) {
        shapes = InlineArray(repeating: UnistrokeShape())
        labels = InlineArray(repeating: 0)
        nearest = InlineArray(repeating: 0)
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
        updateNearest(of: label)
        return count - 1
    }

    public mutating func removeAll() { count = 0 }

    /// The best template for `stroke`, or nil when the library is empty, the stroke is a point
    /// or a tap's wobble, or the score is below `minimumScore`.
    public func recognize(_ stroke: StrokeBuffer) -> Match? {
        best(for: stroke, among: shapes.span)
    }

    /// `recognize` for a caller that holds the library where it lies (an engine's shared stroke, a
    /// host's store): a non-mutating call works on a copy of all of it.
    public mutating func recognizeInPlace(_ stroke: StrokeBuffer) -> Match? {
        best(for: stroke, among: shapes.span)
    }

    /// The nearest-neighbour distances of `label`'s examples, again: a new example may be nearer.
    private mutating func updateNearest(of label: UInt8) {
        for i in 0..<count where labels[i] == label {
            var least: Float = 0
            var found = false
            for j in 0..<count where j != i && labels[j] == label {
                let d = shapes[i].distance(to: shapes[j])
                if !found || d < least { least = d }
                found = true
            }
            nearest[i] = least
        }
    }

    private func best(for stroke: StrokeBuffer, among shapes: Span<UnistrokeShape>) -> Match? {
        guard count > 0, stroke.count > 1 else { return nil }
        let candidate = UnistrokeShape(stroke)
        guard candidate.extent >= TemplateRejection.minimumExtent else { return nil }
        var best = -1
        var bestDistance = Float.greatestFiniteMagnitude
        for i in 0..<count {
            // A drag or a flick is a straight template or none.
            if candidate.isStraight && !shapes[i].isStraight { continue }
            let d = candidate.distance(to: shapes[i])
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        guard best >= 0 else { return nil }
        let label = labels[best]
        var sum: Float = 0
        var examples = 0
        for i in 0..<count where labels[i] == label {
            sum += nearest[i]
            examples += 1
        }
        let spread = TemplateRejection.spread(nearestDistanceSum: sum, examples: examples)
        let score = TemplateRejection.score(distance: bestDistance, spread: spread)
        guard score >= minimumScore else { return nil }
        return Match(index: best, label: label, score: score)
    }
}

/// Template matching as a stroke analyzer, so it can run in a `StrokeSession` like the others.
extension TemplateCollection: StrokeAnalyzer {
    public func analyze(_ stroke: StrokeBuffer) -> Match? { recognize(stroke) }
}
