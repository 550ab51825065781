/// A stroke analyzer whose answer is a gesture: the kind it reports and the values its event
/// carries (contracts.md section 3).
public protocol GestureStrokeAnalyzer: StrokeAnalyzer {
    associatedtype Watch: StrokeWatch = NoStrokeWatch
    var gestureKind: GestureKind { get }
    func report(_ result: Result, into values: inout GestureValues)
    /// What follows the stroke while it is drawn, to fail early (docs/gestures.md).
    func watch() -> Watch
}

extension GestureStrokeAnalyzer where Watch == NoStrokeWatch {
    public func watch() -> NoStrokeWatch { NoStrokeWatch() }
}

/// The adapter from a stroke analyzer to a matcher: while the finger moves the analyzer's watch
/// says whether the shape is still possible (the engine's shared stroke keeps the samples), and
/// one analysis of the whole stroke decides at the lift.
public struct AnalyzerMatcher<Analyzer: GestureStrokeAnalyzer>: SingleStrokeMatcher {
    public var analyzer: Analyzer
    var watch: Analyzer.Watch

    public init(_ analyzer: Analyzer) {
        self.analyzer = analyzer
        watch = analyzer.watch()
    }

    public var kind: GestureKind { analyzer.gestureKind }

    public mutating func begin(at point: PanelPoint, time: Microseconds, panelWidth: Float, panelHeight: Float) {
        watch = analyzer.watch()
        watch.begin(at: point, panelWidth: panelWidth, panelHeight: panelHeight)
    }

    public mutating func move(to point: PanelPoint, time: Microseconds) -> Bool { watch.move(to: point) }

    public mutating func end(_ shared: @_addressable SharedStroke, values: inout GestureValues) -> Bool {
        guard let result = analyzer.analyze(shared.capture.stroke) else { return false }
        analyzer.report(result, into: &values)
        return true
    }

    /// The analysis is written out here, not shared with `end(_:values:)` through a helper: with
    /// the stroke handed on through one more call, the compiler copied it (4 KiB) to the stack.
    public mutating func end(inPlace shared: inout SharedStroke, values: inout GestureValues) -> Bool {
        guard let result = analyzer.analyze(shared.capture.stroke) else { return false }
        analyzer.report(result, into: &values)
        return true
    }
}

extension AnalyzerMatcher: Sendable where Analyzer: Sendable {}

extension CheckmarkAnalyzer: GestureStrokeAnalyzer {
    public var gestureKind: GestureKind { .checkmark }
    public func watch() -> CheckmarkWatch { CheckmarkWatch(maximumWobbleDistance: maximumWobbleDistance) }
    public func report(_ result: Result, into values: inout GestureValues) { values.vertex = result.vertex }
}

extension CircleAnalyzer: GestureStrokeAnalyzer {
    public var gestureKind: GestureKind { .circle }
    public func watch() -> CircleWatch { CircleWatch() }
    public func report(_ result: Result, into values: inout GestureValues) {
        values.center = result.center
        values.radius = result.radius
    }
}

extension BackslashAnalyzer: GestureStrokeAnalyzer {
    public var gestureKind: GestureKind { .backslash }
    public func report(_ result: Result, into values: inout GestureValues) { values.length = result.length }
}
