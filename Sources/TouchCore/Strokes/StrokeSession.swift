/// Feeds one stroke, sample by sample, into its own buffer and asks an analyzer at the lift.
/// The buffer is the session's only memory, fixed at init; a new `begin` starts afresh.
public struct StrokeSession<Analyzer: StrokeAnalyzer> {
    public var analyzer: Analyzer
    public private(set) var stroke: StrokeBuffer
    public private(set) var isActive = false

    public init(_ analyzer: Analyzer, spacing: Float = 0.25) {
        self.analyzer = analyzer
        stroke = StrokeBuffer(spacing: spacing)
    }

    public mutating func begin(_ sample: StrokeSample) {
        stroke.removeAll()
        stroke.append(sample)
        isActive = true
    }

    public mutating func move(_ sample: StrokeSample) {
        guard isActive else { return }
        stroke.append(sample)
    }

    /// The lift: returns the analyzer's answer, or nil when the stroke was not its shape (or no
    /// stroke was active).
    public mutating func end(_ sample: StrokeSample) -> Analyzer.Result? {
        guard isActive else { return nil }
        stroke.append(sample, final: true)
        isActive = false
        return analyzer.analyze(stroke)
    }

    /// Ends the stroke without an answer.
    public mutating func cancel() {
        isActive = false
        stroke.removeAll()
    }
}
