/// Counts identity switches against the truth, as multi-object tracking scores them: a finger
/// whose tracker id differs from the id it had in the previous report is one switch. A finger the
/// tracker reports nowhere is counted as missed.
public struct IdentitySwitches: Sendable {
    public private(set) var switches = 0
    public private(set) var missed = 0
    public private(set) var fingerReports = 0
    public private(set) var distinctIds = Set<Int>()
    private var lastId: [Int: Int] = [:]

    public init() {}

    /// One report: each truth finger present with the tracker id it was given (nil: none).
    public mutating func observe(_ pairs: [(truth: Int, id: Int?)]) {
        var present: [Int: Int] = [:]
        for pair in pairs {
            fingerReports += 1
            guard let id = pair.id else {
                missed += 1
                continue
            }
            distinctIds.insert(id)
            if let previous = lastId[pair.truth], previous != id { switches += 1 }
            present[pair.truth] = id
        }
        lastId = present
    }
}

extension CrossingFingers {
    /// Identity switches of the tracker's anonymous matching and of mtdev on this stream.
    public func countSwitches() -> (touchhost: IdentitySwitches, mtdev: IdentitySwitches) {
        var touchhost = TouchhostAnonymousRun(self)
        let mtdev = MtdevRun(self)
        var touchhostSwitches = IdentitySwitches()
        var mtdevSwitches = IdentitySwitches()
        for index in reports.indices {
            let truth = reports[index]
            // Both trackers hand back the reported positions unchanged, so a position names its finger.
            let touches = touchhost.live(afterReport: index)
            touchhostSwitches.observe(truth.map { contact in
                (contact.truth, touches.first { $0.position == contact.position }?.id)
            })
            let slots = mtdev.live(afterReport: index)
            mtdevSwitches.observe(truth.map { contact in
                (contact.truth, slots.first { $0.x == Int(contact.x) && $0.y == Int(contact.y) }?.id)
            })
        }
        return (touchhostSwitches, mtdevSwitches)
    }
}
