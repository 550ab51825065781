import Foundation
import TouchCore

// libFuzzer target `script-parser`: arbitrary text into TouchScriptParser (the `.touch` format of
// contracts.md section 2). A script that parses is expanded into ideal reports and replayed through
// the tracker, whose touch stream must satisfy TouchStreamInvariants. A parse error must name a
// line of the input. Scripts whose expansion would cover more than 10 minutes are parsed only:
// their length, not their content, would set the run time.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parsed: TouchScript
    do {
        parsed = try TouchScriptParser.parse(text)
    } catch {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        precondition(error.line >= 0 && error.line <= lines + 1, "error names line \(error.line) of \(lines): \(error)")
        return 0
    }
    guard let last = parsed.statements.last, last.time <= 600_000_000,
          parsed.statements.allSatisfy({ $0.time >= 0 }) else { return 0 }
    let script = parsed
    let panel = script.panelSize ?? PanelSize(width: 345, height: 194)
    let rate = min(max(script.reportRate ?? 120, 1), 1_000)
    var tracker = SlotTracker(configuration: TrackerConfiguration(reportRateHz: rate))
    var invariants = TouchStreamInvariants(capacity: tracker.configuration.capacity)
    var batch = TouchFrameBatch()
    var single = TouchFrame(timestamp: 0)
    var statuses = StatusList(filler: .placeholder)
    for item in script.idealReports(panel: panel, rate: rate) {
        statuses.removeAll()
        switch item {
        case .frame(let frame):
            while let deadline = tracker.nextDeadline, deadline < frame.timestamp {
                tracker.advance(to: deadline, into: &single, statuses: &statuses)
                invariants.check(single, listsEveryLiveTouch: false)
            }
            tracker.track(frame, into: &batch, statuses: &statuses)
            for index in batch.indices { invariants.check(batch[index], listsEveryLiveTouch: index == batch.count - 1) }
        case .cancel(let time):
            tracker.cancelAll(at: time, into: &single)
            invariants.check(single, listsEveryLiveTouch: false)
        }
        invariants.checkLiveCount(tracker.liveTouchCount)
        precondition(invariants.isClean, "touch stream invariant broken: \(invariants.violations)")
    }
    return 0
}
