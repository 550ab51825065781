import TouchCore

/// The nodes at or above the peak threshold, in scan order: listed by the baseline pass as it
/// makes the deltas, so the peak search looks at a few dozen nodes instead of every one. A panel
/// with more such nodes than `capacity` (a palm, heavy noise) overflows the list, and the search
/// then scans the whole grid: the peaks are the same either way.
public struct PeakCandidates: Sendable {
    /// Ten fingers on kiosk-15 leave about 70; 2 bytes each.
    public static let capacity = 128
    @usableFromInline var nodes = InlineList<128, UInt16>(filler: 0)
    public private(set) var overflowed = false

    public init() {}

    public var count: Int { nodes.count }

    @inline(__always)
    mutating func append(_ index: Int) {
        if !nodes.append(UInt16(truncatingIfNeeded: index)) { overflowed = true }
    }

    mutating func removeAll() {
        nodes.removeAll()
        overflowed = false
    }
}
