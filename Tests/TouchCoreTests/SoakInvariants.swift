import TouchCore

/// What every stream of touch frames must satisfy whatever went wrong on the way in: each began
/// touch ends or is cancelled exactly once, tracking ids only count up (never reused, never 0),
/// no two live touches share a slot, and no more touches are live than the tracker has slots.
/// Shared by the soak tests and the fuzz target `decode-track` (scripts/fuzz compiles this file
/// into it), so it depends on TouchCore alone.
struct TouchStreamInvariants {
    let capacity: Int
    private(set) var liveSlots: [UInt32: UInt8] = [:]
    private(set) var highestId: UInt32 = 0
    private(set) var began = 0
    private(set) var ended = 0
    private(set) var cancelled = 0
    private(set) var mostLive = 0
    private(set) var violationCount = 0
    /// The first few violations, for a failure message.
    private(set) var violations: [String] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    var isClean: Bool { violationCount == 0 }

    /// Checks one frame. `listsEveryLiveTouch`: a report's own frame (the last of a `track` batch)
    /// lists every live touch; frames of `advance` and `cancelAll` list only endings.
    mutating func check(_ frame: TouchFrame, listsEveryLiveTouch: Bool) {
        var seenInFrame = Set<UInt32>()
        // Touches beginning together are listed by slot, not by id: compare with earlier frames.
        let highestBefore = highestId
        for index in frame.touches.indices {
            let touch = frame.touches[index]
            let id = touch.trackingId
            if id == 0 { fail("tracking id 0 at \(frame.timestamp)") }
            if !seenInFrame.insert(id).inserted { fail("touch \(id) twice in one frame at \(frame.timestamp)") }
            switch touch.phase {
            case .began:
                if id <= highestBefore { fail("touch \(id) began after id \(highestBefore): ids must only count up") }
                if Int(touch.slot) >= capacity { fail("touch \(id) in slot \(touch.slot) beyond capacity \(capacity)") }
                highestId = max(highestId, id)
                liveSlots[id] = touch.slot
                began += 1
            case .moved, .stationary:
                guard let slot = liveSlots[id] else {
                    fail("touch \(id) \(touch.phase) but not live at \(frame.timestamp)")
                    continue
                }
                if slot != touch.slot { fail("touch \(id) moved from slot \(slot) to \(touch.slot)") }
            case .ended, .cancelled:
                if liveSlots.removeValue(forKey: id) == nil {
                    fail("touch \(id) \(touch.phase) but not live (ended twice, or never began) at \(frame.timestamp)")
                }
                if touch.phase == .ended { ended += 1 } else { cancelled += 1 }
            }
        }
        var slotsInUse = Set<UInt8>()
        for (id, slot) in liveSlots where !slotsInUse.insert(slot).inserted {
            fail("touch \(id) shares slot \(slot) with another live touch")
        }
        if liveSlots.count > capacity { fail("\(liveSlots.count) touches live, capacity \(capacity)") }
        mostLive = max(mostLive, liveSlots.count)
        if listsEveryLiveTouch {
            for (id, _) in liveSlots where !seenInFrame.contains(id) {
                fail("live touch \(id) missing from the report's frame at \(frame.timestamp)")
            }
        }
    }

    /// The tracker's own count must agree with the stream's.
    mutating func checkLiveCount(_ trackerCount: Int) {
        if trackerCount != liveSlots.count {
            fail("tracker says \(trackerCount) live, the stream says \(liveSlots.count)")
        }
    }

    private mutating func fail(_ message: String) {
        violationCount += 1
        if violations.count < 8 { violations.append(message) }
    }
}
