import TouchCore

/// Holds back new touches until they have been seen on consecutive scans, so a one-scan spike
/// (a charger burst, an ESD hit, a brushing sleeve) never becomes a contact.
public struct TouchDebouncer: Sendable {
    private struct Candidate {
        var position: PanelPoint
        var scans: Int
    }

    private var candidates: InlineList<32, Candidate>

    public init() {
        candidates = InlineList(filler: Candidate(position: .zero, scans: 0))
    }

    public var pendingCount: Int { candidates.count }

    /// Feeds this scan's strong peaks that no contact claimed; returns those that have now
    /// persisted long enough. Candidates not seen again are forgotten.
    public mutating func confirm(
        _ peaks: LocatedPeakList, requiredScans: Int, radius: Float, into confirmed: inout LocatedPeakList
    ) {
        confirmed.removeAll()
        var next = InlineList<32, Candidate>(filler: Candidate(position: .zero, scans: 0))
        var used: UInt32 = 0
        let radiusSquared = radius * radius
        for p in peaks.indices {
            let position = peaks[p].position
            var best = -1
            var bestDistance = radiusSquared
            for c in candidates.indices where used & (1 << UInt32(c)) == 0 {
                let distance = candidates[c].position.squaredDistance(to: position)
                if distance <= bestDistance {
                    best = c
                    bestDistance = distance
                }
            }
            var scans = 1
            if best >= 0 {
                used |= 1 << UInt32(best)
                scans = candidates[best].scans + 1
            }
            if scans >= requiredScans { confirmed.append(peaks[p]) }
            // Confirmed peaks stay candidates too: one that found no free id is still
            // confirmed next scan, so it counts as dropped every scan it is there.
            next.append(Candidate(position: position, scans: scans))
        }
        candidates = next
    }

    public mutating func reset() { candidates.removeAll() }
}
