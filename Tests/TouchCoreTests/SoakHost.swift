import Foundation
import TouchCore

/// The host's side of a soak run, driven as a host drives it: link bytes into `FrameDecoder`,
/// time from the reports' own timestamps (virtual time, as fast as the CPU goes), each report
/// through one `TouchPipeline` with the kiosk recognizers (which fires the deadlines due before
/// it), `cancelAll` when the link drops. Everything the pipeline makes is checked as it comes
/// (`CheckedOutput`).
struct SoakHost: ~Copyable {
    private(set) var decoder = FrameDecoder()
    private(set) var pipeline: BasicTouchPipeline
    private(set) var output: CheckedOutput
    /// Strip the controller's ids, so the tracker must match contacts by position (as for a
    /// controller without ids, or contacts found in a heatmap).
    let anonymous: Bool
    private(set) var reports = 0
    private var unwrapper = TimestampUnwrapper()

    init(capacity: Int, anonymous: Bool) {
        pipeline = TouchPipeline(
            tracker: TrackerConfiguration(capacity: capacity),
            engine: BasicGestureEngine.kioskSet(panelWidth: SoakController.panel.x, panelHeight: SoakController.panel.y))
        output = CheckedOutput(capacity: capacity)
        self.anonymous = anonymous
    }

    var invariants: TouchStreamInvariants { output.touchStream }
    var gestures: GestureStreamInvariants { output.gestureStream }
    var statusCounts: [StatusKind: Int] { output.statusCounts }

    mutating func receive(_ bytes: [UInt8]) {
        for byte in bytes {
            guard case .device(.contacts(let report))? = decoder.push(byte) else { continue }
            consume(report)
        }
    }

    private mutating func consume(_ report: ContactReport) {
        // A restarted controller's clock may jump back; the pipeline takes a report from the past
        // as happening now.
        var frame = report.contactFrame(on: SoakController.info, at: unwrapper.unwrap(report.timestamp))
        if anonymous {
            for index in frame.contacts.indices { frame.contacts[index].controllerId = nil }
            frame.sequence = nil
        }
        output.consume(frame, in: &pipeline)
        reports += 1
    }

    /// The link went away: every live touch, and every gesture under way, is cancelled.
    mutating func disconnect() {
        pipeline.cancelAll(at: pipeline.now, into: &output)
        output.checkCounts(of: pipeline)
    }

    /// The end of the run: pending timers fire, nothing is left live or under way.
    mutating func finish() {
        output.finish(&pipeline)
    }
}

/// Resident set size of this process, from /proc/self/statm (Linux), in bytes; nil elsewhere.
func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
