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
    public mutating func register(_ example: @_addressable StrokeBuffer, label: UInt8) -> Int? {
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
    public func recognize(_ stroke: @_addressable StrokeBuffer) -> Match? {
        TemplateMatching.best(
            for: stroke, shapes: shapes.span, labels: labels.span, nearest: nearest.span, count: count, minimumScore: minimumScore)
    }

    /// `recognize` for a caller that holds the library where it lies (an engine's shared stroke, a
    /// host's store): a non-mutating call works on a copy of all of it.
    public mutating func recognizeInPlace(_ stroke: @_addressable StrokeBuffer) -> Match? {
        TemplateMatching.best(
            for: stroke, shapes: shapes.span, labels: labels.span, nearest: nearest.span, count: count, minimumScore: minimumScore)
    }

    /// The nearest-neighbour distances of `label`'s examples, again: a new example may be nearer.
    private mutating func updateNearest(of label: UInt8) {
        var distances = nearest.mutableSpan
        TemplateMatching.nearestDistances(of: label, shapes: shapes.span, labels: labels.span, count: count, into: &distances)
    }
}

/// The work of a `TemplateCollection`, on spans: not generic over the collection's size, so it is
/// compiled once, optimised, for every size (generic code over an inline array of unknown size runs
/// through the type's metadata and was 100 times slower from another module).
enum TemplateMatching {
    static func nearestDistances(
        of label: UInt8, shapes: Span<UnistrokeShape>, labels: Span<UInt8>, count: Int, into nearest: inout MutableSpan<Float>
    ) {
        for i in 0..<count where labels[i] == label {
            var least = Float.infinity
            for j in 0..<count where j != i && labels[j] == label {
                least = min(least, shapes[i].distance(to: shapes[j]))
            }
            nearest[i] = least.isFinite ? least : 0
        }
    }

    static func best(
        for stroke: @_addressable StrokeBuffer, shapes: Span<UnistrokeShape>, labels: Span<UInt8>, nearest: Span<Float>, count: Int,
        minimumScore: Float
    ) -> TemplateMatch? {
        guard count > 0, stroke.count > 1 else { return nil }
        let candidate = UnistrokeShape(stroke)
        guard candidate.extent >= TemplateRejection.minimumExtent else { return nil }
        var best = 0
        var bestDistance = Float.infinity
        for i in 0..<count {
            let d = candidate.distance(toTemplate: shapes[i])
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        guard bestDistance.isFinite else { return nil }
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
        return TemplateMatch(index: best, label: label, score: score)
    }
}

/// Template matching as a stroke analyzer, so it can run in a `StrokeSession` like the others.
extension TemplateCollection: StrokeAnalyzer {
    public func analyze(_ stroke: @_addressable StrokeBuffer) -> Match? { recognize(stroke) }
}
