import Foundation
import TouchCore

/// The host's side of a soak run, driven as a host drives it: link bytes into `FrameDecoder`,
/// time from the reports' own timestamps (virtual time, as fast as the CPU goes), the tracker
/// advanced to its deadlines before each report, `cancelAll` when the link drops. Every frame the
/// tracker writes is checked against `TouchStreamInvariants`.
struct SoakHost {
    private(set) var decoder = FrameDecoder()
    private(set) var tracker: SlotTracker
    private(set) var invariants: TouchStreamInvariants
    /// Strip the controller's ids, so the tracker must match contacts by position (as for a
    /// controller without ids, or contacts found in a heatmap).
    let anonymous: Bool
    private(set) var reports = 0
    private(set) var statusCounts: [StatusKind: Int] = [:]
    private var unwrapper = TimestampUnwrapper()
    private var now: Microseconds = 0
    private var batch = TouchFrameBatch()
    private var single = TouchFrame(timestamp: 0)
    private var statuses = StatusList(filler: .placeholder)

    init(capacity: Int, anonymous: Bool) {
        tracker = SlotTracker(configuration: TrackerConfiguration(capacity: capacity))
        invariants = TouchStreamInvariants(capacity: capacity)
        self.anonymous = anonymous
    }

    mutating func receive(_ bytes: [UInt8]) {
        for byte in bytes {
            guard case .device(.contacts(let report))? = decoder.push(byte) else { continue }
            track(report)
        }
    }

    private mutating func track(_ report: ContactReport) {
        statuses.removeAll()
        // The unwrapped clock only moves forward, whatever a restarted controller's clock says.
        let time = max(unwrapper.unwrap(report.timestamp), now)
        while let deadline = tracker.nextDeadline, deadline < time {
            tracker.advance(to: deadline, into: &single, statuses: &statuses)
            invariants.check(single, listsEveryLiveTouch: false)
        }
        now = time
        var frame = report.contactFrame(on: SoakController.info, at: time)
        if anonymous {
            for index in frame.contacts.indices { frame.contacts[index].controllerId = nil }
            frame.sequence = nil
        }
        tracker.track(frame, into: &batch, statuses: &statuses)
        for index in batch.indices {
            invariants.check(batch[index], listsEveryLiveTouch: index == batch.count - 1)
        }
        invariants.checkLiveCount(tracker.liveTouchCount)
        for index in statuses.indices { statusCounts[statuses[index].kind, default: 0] += 1 }
        reports += 1
    }

    /// The link went away: every live touch is cancelled.
    mutating func disconnect() {
        tracker.cancelAll(at: now, into: &single)
        invariants.check(single, listsEveryLiveTouch: false)
        invariants.checkLiveCount(tracker.liveTouchCount)
    }
}

/// Resident set size of this process, from /proc/self/statm (Linux), in bytes; nil elsewhere.
func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
