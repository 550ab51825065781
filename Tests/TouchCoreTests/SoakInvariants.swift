import TouchCore

/// What every stream of touch frames must satisfy whatever went wrong on the way in: each began
/// touch ends or is cancelled exactly once, tracking ids only count up (never reused, never 0),
/// no two live touches share a slot, no more touches are live than the tracker has slots, and a
/// report's own frame lists every touch still live after it. Shared by the soak tests and the fuzz
/// targets (scripts/fuzz compiles this file into them), so it depends on TouchCore alone.
///
/// The frames are what a `TouchPipeline` hands its output, one step at a time: a step of time
/// lists only the touches that ended or were cancelled; a report's step may give two frames (the
/// tracker's closing frame, then the report's own). `CheckedOutput` feeds them in.
struct TouchStreamInvariants {
    let capacity: Int
    private(set) var liveSlots: [UInt32: UInt8] = [:]
    private(set) var highestId: UInt32 = 0
    private(set) var began = 0
    private(set) var ended = 0
    private(set) var cancelled = 0
    private(set) var mostLive = 0
    private(set) var frames = 0
    private(set) var violationCount = 0
    /// The first few violations, for a failure message.
    private(set) var violations: [String] = []
    /// The ids of the latest frame since `reportBegins()`; nil when the report has given none yet.
    private var reportFrame: Set<UInt32>?

    init(capacity: Int) {
        self.capacity = capacity
    }

    var isClean: Bool { violationCount == 0 }

    /// Every touch that began has ended or been cancelled, once.
    var isSettled: Bool { liveSlots.isEmpty && began == ended + cancelled }

    /// Checks one frame against the stream so far.
    mutating func check(_ frame: TouchFrame) {
        frames += 1
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
        reportFrame = seenInFrame
    }

    /// A report is about to go in: what came before it is not its frame.
    mutating func reportBegins() {
        reportFrame = nil
    }

    /// The report is in: its last frame (the report's own, after any closing frame) lists every
    /// touch still live. A report that gave no frame may leave nothing live.
    mutating func checkReportListedEveryLiveTouch() {
        let listed = reportFrame ?? []
        for (id, _) in liveSlots where !listed.contains(id) {
            fail("live touch \(id) missing from the report's frame")
        }
    }

    /// Whoever else counts live touches (the tracker, the pipeline) must agree with the stream.
    mutating func checkLiveCount(_ count: Int, of counter: String = "tracker") {
        if count != liveSlots.count {
            fail("\(counter) says \(count) live, the stream says \(liveSlots.count)")
        }
    }

    /// The input is over and finished: nothing may be left live.
    mutating func checkSettled() {
        if !isSettled {
            fail("\(liveSlots.count) touches still live at the end; \(began) began, \(ended) ended, \(cancelled) cancelled")
        }
    }

    private mutating func fail(_ message: String) {
        violationCount += 1
        if violations.count < 8 { violations.append(message) }
    }
}

/// What every stream of gesture actions must satisfy: a recognizer's continuous gesture goes
/// `began`, `changed`..., then `ended` or `cancelled`, once; a discrete one is `recognized` while
/// none of its own is under way; and when the input is over nothing is under way.
struct GestureStreamInvariants {
    /// Recognizers (by index) with a continuous gesture under way.
    private(set) var underway: Set<UInt8> = []
    private(set) var actions = 0
    private(set) var cancelled = 0
    private(set) var violationCount = 0
    private(set) var violations: [String] = []

    var isClean: Bool { violationCount == 0 }

    mutating func check(_ event: GestureEvent) {
        actions += 1
        let recognizer = event.recognizer
        switch event.state {
        case .began:
            if !underway.insert(recognizer).inserted { fail("recognizer \(recognizer) began twice at \(event.timestamp)") }
        case .changed:
            if !underway.contains(recognizer) { fail("recognizer \(recognizer) changed before it began at \(event.timestamp)") }
        case .ended, .cancelled:
            if underway.remove(recognizer) == nil {
                fail("recognizer \(recognizer) \(event.state) but not under way at \(event.timestamp)")
            }
            if event.state == .cancelled { cancelled += 1 }
        case .recognized:
            if underway.contains(recognizer) { fail("recognizer \(recognizer) recognized while under way at \(event.timestamp)") }
        }
    }

    /// With no touch live, no continuous gesture may still be going on.
    mutating func checkNothingUnderway(at moment: String) {
        if !underway.isEmpty { fail("recognizers \(underway.sorted()) still under way \(moment)") }
    }

    private mutating func fail(_ message: String) {
        violationCount += 1
        if violations.count < 8 { violations.append(message) }
    }
}

/// A `TouchPipelineOutput` that checks everything a pipeline makes as it comes: each touches frame
/// against `TouchStreamInvariants`, each gesture action against `GestureStreamInvariants`, and
/// counts statuses. The driver brackets a report with `consume(_:in:)` so the report's own frame
/// is known, and calls `checkCounts(of:)` after anything else it does.
struct CheckedOutput: TouchPipelineOutput {
    private(set) var touchStream: TouchStreamInvariants
    private(set) var gestureStream = GestureStreamInvariants()
    private(set) var statusCounts: [StatusKind: Int] = [:]

    init(capacity: Int) {
        touchStream = TouchStreamInvariants(capacity: capacity)
    }

    var isClean: Bool { touchStream.isClean && gestureStream.isClean }
    var violations: [String] { touchStream.violations + gestureStream.violations }

    /// Traps, naming the broken promises, unless everything so far kept them (for the fuzz targets,
    /// where a trap is a finding).
    func requireClean() {
        precondition(isClean, "pipeline output broke a promise: \(violations)")
    }

    mutating func status(_ event: StatusEvent) { statusCounts[event.kind, default: 0] += 1 }
    mutating func touches(_ frame: inout TouchFrame) { touchStream.check(frame) }
    mutating func gesture(_ event: GestureEvent) { gestureStream.check(event) }

    /// One report through `pipeline`, checked: the report's frame lists every live touch, and the
    /// tracker's and the pipeline's counts of live touches agree with the stream.
    mutating func consume<Custom, let capacity: Int>(_ frame: ContactFrame, in pipeline: inout TouchPipeline<Custom, capacity>) {
        touchStream.reportBegins()
        pipeline.consume(frame, into: &self)
        touchStream.checkReportListedEveryLiveTouch()
        checkCounts(of: pipeline)
    }

    /// The counts of live touches agree; with none live, no gesture is under way.
    mutating func checkCounts<Custom, let capacity: Int>(of pipeline: borrowing TouchPipeline<Custom, capacity>) {
        touchStream.checkLiveCount(pipeline.tracker.liveTouchCount, of: "the tracker")
        touchStream.checkLiveCount(pipeline.liveTouchCount, of: "the pipeline")
        if pipeline.liveTouchCount == 0 { gestureStream.checkNothingUnderway(at: "with no touch live at \(pipeline.now)") }
    }

    /// The input is over: `finish` leaves no touch live and no gesture under way.
    mutating func finish<Custom, let capacity: Int>(_ pipeline: inout TouchPipeline<Custom, capacity>) {
        pipeline.finish(into: &self)
        checkCounts(of: pipeline)
        touchStream.checkSettled()
        gestureStream.checkNothingUnderway(at: "after finish")
    }
}
