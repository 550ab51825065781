import TouchCore

/// The pipeline's thresholds, derived from the board's signal and noise the way a panel is tuned:
/// far above the noise so noise alone never touches, far below a finger so a light touch does.
public struct ScanSettings: Sendable {
    /// A new touch needs a peak this strong (counts)...
    public var touchOnThreshold: Int16
    /// ...and a touch stays down while its peak is at least this strong: hysteresis, so a finger
    /// near the threshold does not chatter.
    public var touchOffThreshold: Int16
    /// Nodes whose delta exceeds this are under a touch and keep their baseline.
    public var baselineGate: Int16
    /// Consecutive scans a new peak must persist before it becomes a contact.
    public var debounceFrames: Int
    /// The farthest a contact may move between scans and still be the same contact, mm.
    public var maxContactJump: Float
    /// How far a debouncing peak may wander between scans, mm: a finger can land while sliding.
    public var candidateRadius: Float
    /// Baseline time constant, as a power of two of scans.
    public var baselineShift: Int32

    public init(board: BoardDefinition) {
        touchOnThreshold = Int16(board.fingerAmplitude * 0.25)
        touchOffThreshold = Int16(board.fingerAmplitude * 0.15)
        baselineGate = Int16(max(8, board.noiseCounts * 5))
        debounceFrames = 2
        maxContactJump = 30
        candidateRadius = 4 * max(board.nodePitchX, board.nodePitchY)
        baselineShift = 5
    }
}
