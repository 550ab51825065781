/// Continuous capture of one stroke: every sample goes into a fixed buffer while the finger is
/// down; the lift commits the stroke for the caller to read, a cancel throws it away.
public struct StrokeCapture: Sendable {
    public enum State: UInt8, Sendable {
        case idle = 0
        case capturing = 1
        case committed = 2
        case discarded = 3
    }

    public private(set) var stroke: StrokeBuffer
    public private(set) var state: State = .idle

    public init(spacing: Float = 0.25) {
        stroke = StrokeBuffer(spacing: spacing)
    }

    /// The samples kept so far (or in the committed stroke).
    public var sampleCount: Int { stroke.count }

    public mutating func begin(_ sample: StrokeSample) {
        stroke.removeAll()
        stroke.append(sample)
        state = .capturing
    }

    /// Returns the kept sample count, for a continuous "changed" report.
    @discardableResult
    public mutating func move(_ sample: StrokeSample) -> Int {
        guard state == .capturing else { return 0 }
        stroke.append(sample)
        return stroke.count
    }

    /// Commits the stroke and returns its sample count, or nil when nothing was being captured.
    public mutating func end(_ sample: StrokeSample) -> Int? {
        guard state == .capturing else { return nil }
        stroke.append(sample, final: true)
        state = .committed
        return stroke.count
    }

    public mutating func cancel() {
        guard state == .capturing else { return }
        stroke.removeAll()
        state = .discarded
    }
}
