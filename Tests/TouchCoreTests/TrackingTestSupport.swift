import Testing
import TouchCore

/// A contact as a controller reports it; `id` nil makes it anonymous.
func contact(_ id: UInt8?, _ state: ContactState, _ x: Float, _ y: Float) -> ReportedContact {
    ReportedContact(controllerId: id, state: state, position: PanelPoint(x: x, y: y))
}

func report(
    at milliseconds: Double, seq: UInt32? = nil, full: Bool = true, _ contacts: ReportedContact...
) -> ContactFrame {
    var frame = ContactFrame(timestamp: Microseconds(milliseconds * 1000), sequence: seq, isFull: full)
    for contact in contacts { frame.add(contact) }
    return frame
}

/// Drives a tracker and keeps everything it said, frame by frame, for tests to read.
struct TrackerProbe {
    var tracker: SlotTracker
    var frames: [TouchFrame] = []
    var statuses: [StatusEvent] = []

    init(_ configuration: TrackerConfiguration = TrackerConfiguration()) {
        tracker = SlotTracker(configuration: configuration)
    }

    /// The frames this report produced.
    @discardableResult
    mutating func feed(_ frame: ContactFrame) -> [TouchFrame] {
        var batch = TouchFrameBatch()
        var list = StatusList(filler: .placeholder)
        tracker.track(frame, into: &batch, statuses: &list)
        let produced = batch.indices.map { batch[$0] }
        frames += produced
        statuses += list.indices.map { list[$0] }
        return produced
    }

    @discardableResult
    mutating func advance(toMilliseconds milliseconds: Double) -> TouchFrame {
        var output = TouchFrame(timestamp: 0)
        var list = StatusList(filler: .placeholder)
        tracker.advance(to: Microseconds(milliseconds * 1000), into: &output, statuses: &list)
        frames.append(output)
        statuses += list.indices.map { list[$0] }
        return output
    }

    @discardableResult
    mutating func cancelAll(atMilliseconds milliseconds: Double) -> TouchFrame {
        var output = TouchFrame(timestamp: 0)
        tracker.cancelAll(at: Microseconds(milliseconds * 1000), into: &output)
        frames.append(output)
        return output
    }

    func statuses(_ kind: StatusKind) -> [StatusEvent] { statuses.filter { $0.kind == kind } }
}

extension TouchFrame {
    var all: [TrackedTouch] { touches.indices.map { touches[$0] } }
    func touches(_ phase: TouchPhase) -> [TrackedTouch] { all.filter { $0.phase == phase } }
    func touch(_ trackingId: UInt32) -> TrackedTouch? { all.first { $0.trackingId == trackingId } }
}

/// Replays the protocol's promises over every frame a tracker emits and records each broken one.
struct TouchStreamAudit {
    let capacity: Int
    private(set) var live: [UInt32: UInt8] = [:]
    private(set) var began: Set<UInt32> = []
    private(set) var finished: Set<UInt32> = []
    private(set) var violations: [String] = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func check(_ frame: TouchFrame) {
        let terminal = frame.all.filter { $0.phase.isTerminal }.count
        if frame.touches.count > capacity + terminal {
            violations.append("frame at \(frame.timestamp) holds \(frame.touches.count) touches")
        }
        var seenInFrame: Set<UInt32> = []
        for touch in frame.all {
            let id = touch.trackingId
            if !seenInFrame.insert(id).inserted { violations.append("id \(id) twice in one frame") }
            switch touch.phase {
            case .began:
                if began.contains(id) { violations.append("id \(id) began twice (reused)") }
                began.insert(id)
                live[id] = touch.slot
            case .moved, .stationary:
                if live[id] == nil { violations.append("id \(id) \(touch.phase) while not live") }
            case .ended, .cancelled:
                if live[id] == nil { violations.append("id \(id) \(touch.phase) while not live") }
                live[id] = nil
                finished.insert(id)
            }
        }
        let slots = Array(live.values)
        if Set(slots).count != slots.count { violations.append("two live touches share a slot at \(frame.timestamp)") }
        if slots.contains(where: { Int($0) >= capacity }) { violations.append("slot beyond capacity") }
    }

    var unfinished: Set<UInt32> { began.subtracting(finished) }
}
