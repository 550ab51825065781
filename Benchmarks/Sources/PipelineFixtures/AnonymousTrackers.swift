import CMtdevShim
import TouchCore

/// The crossing-fingers stream prepared for each tracker in its own input form before any timing:
/// anonymous `ContactFrame`s (millimetres) for `SlotTracker`, protocol A coordinate pairs (device
/// units) for mtdev. Both replay it in a loop; the laps are separated by the stream's own empty
/// report, so each lap starts from no touches. `SlotTracker` is driven on its own, not through a
/// `TouchPipeline`: mtdev is a tracker and nothing more, so this measures the trackers' own cost
/// and identities, not a driver.
public struct TouchhostAnonymousRun: Sendable {
    private var frames: [ContactFrame]
    private var tracker = SlotTracker(configuration: TrackerConfiguration())
    private var batch = TouchFrameBatch()
    private var statuses = StatusList(filler: .placeholder)
    private var next = 0
    private var lap = 0
    public private(set) var touchesOut = 0

    public init(_ stream: CrossingFingers) {
        frames = stream.reports.indices.map { index in
            var frame = ContactFrame(timestamp: Microseconds(index) * BenchmarkPanel.reportInterval)
            for contact in stream.reports[index] {
                frame.add(ReportedContact(controllerId: nil, state: .down, position: contact.position))
            }
            return frame
        }
    }

    public var reports: Int { frames.count }

    @inline(__always)
    public mutating func step() {
        statuses.removeAll()
        // The report is passed where it lies and then moved on a lap for its next use: a copy of
        // it would be the fixture's cost, not the tracker's (mtdev's side reads its arrays too).
        tracker.track(frames[next], into: &batch, statuses: &statuses)
        frames[next].timestamp += Microseconds(frames.count) * BenchmarkPanel.reportInterval
        touchesOut &+= batch.current.touches.count
        next += 1
        if next == frames.count {
            next = 0
            lap += 1
        }
    }

    /// Tracks report `index` of the stream (one pass, in order) and returns (tracking id, position)
    /// of every live touch after it.
    public mutating func live(afterReport index: Int) -> [(id: Int, position: PanelPoint)] {
        precondition(index == next && lap == 0, "one pass, in order")
        step()
        let frame = batch[batch.count - 1]
        var result: [(id: Int, position: PanelPoint)] = []
        for touch in frame.touches.indices where !frame.touches[touch].phase.isTerminal {
            result.append((Int(frame.touches[touch].trackingId), frame.touches[touch].position))
        }
        return result
    }
}

/// mtdev fed the same stream through `CMtdevShim`. A class: it owns the C session.
public final class MtdevRun {
    private let session: OpaquePointer
    private let coordinates: [Int32]
    /// `starts[k]` is where report k's pairs begin in `coordinates`; `counts[k]` how many contacts.
    private let starts: [Int]
    private let counts: [Int32]
    private var next = 0
    private var lap = 0
    public private(set) var eventsOut = 0

    public init(_ stream: CrossingFingers) {
        guard let session = cmtdev_create(Int32(BenchmarkPanel.info.maxX), Int32(BenchmarkPanel.info.maxY)) else {
            fatalError("mtdev could not allocate")
        }
        self.session = session
        var coordinates: [Int32] = []
        var starts: [Int] = []
        var counts: [Int32] = []
        for report in stream.reports {
            starts.append(coordinates.count)
            counts.append(Int32(report.count))
            for contact in report {
                coordinates.append(Int32(contact.x))
                coordinates.append(Int32(contact.y))
            }
        }
        self.coordinates = coordinates
        self.starts = starts
        self.counts = counts
    }

    deinit { cmtdev_destroy(session) }

    public var reports: Int { counts.count }

    @inline(__always)
    public func step() {
        let time = (lap * counts.count + next) * Int(BenchmarkPanel.reportInterval)
        let drained = coordinates.withUnsafeBufferPointer { pairs in
            cmtdev_feed(session, pairs.baseAddress! + starts[next], counts[next], time)
        }
        eventsOut &+= Int(drained)
        next += 1
        if next == counts.count {
            next = 0
            lap += 1
        }
    }

    /// Feeds report `index` (one pass, in order) and returns (tracking id, device x, device y) of
    /// every occupied slot after it.
    public func live(afterReport index: Int) -> [(id: Int, x: Int, y: Int)] {
        precondition(index == next && lap == 0, "one pass, in order")
        step()
        var result: [(id: Int, x: Int, y: Int)] = []
        let slots = cmtdev_slots(session)!
        for slot in 0..<Int(CMTDEV_MAX_SLOTS) where slots[slot].tracking_id >= 0 {
            result.append((Int(slots[slot].tracking_id), Int(slots[slot].x), Int(slots[slot].y)))
        }
        return result
    }
}
