/// A stroke analyzer whose answer is a gesture: the kind it reports and the values its event
/// carries (contracts.md section 3).
public protocol GestureStrokeAnalyzer: StrokeAnalyzer {
    var gestureKind: GestureKind { get }
    func report(_ result: Result, into values: inout GestureValues)
}

/// The adapter from a stroke analyzer to a matcher: nothing to do while the finger moves (the
/// engine's shared stroke keeps the samples), one analysis of the whole stroke at the lift.
public struct AnalyzerMatcher<Analyzer: GestureStrokeAnalyzer>: SingleStrokeMatcher {
    public var analyzer: Analyzer

    public init(_ analyzer: Analyzer) { self.analyzer = analyzer }

    public var kind: GestureKind { analyzer.gestureKind }

    public mutating func end(_ shared: SharedStroke, values: inout GestureValues) -> Bool {
        guard let result = analyzer.analyze(shared.capture.stroke) else { return false }
        analyzer.report(result, into: &values)
        return true
    }
}

extension AnalyzerMatcher: Sendable where Analyzer: Sendable {}

extension CheckmarkAnalyzer: GestureStrokeAnalyzer {
    public var gestureKind: GestureKind { .checkmark }
    public func report(_ result: Result, into values: inout GestureValues) { values.vertex = result.vertex }
}

extension CircleAnalyzer: GestureStrokeAnalyzer {
    public var gestureKind: GestureKind { .circle }
    public func report(_ result: Result, into values: inout GestureValues) {
        values.center = result.center
        values.radius = result.radius
    }
}

extension BackslashAnalyzer: GestureStrokeAnalyzer {
    public var gestureKind: GestureKind { .backslash }
    public func report(_ result: Result, into values: inout GestureValues) { values.length = result.length }
}
