import Foundation
import TouchCore

// libFuzzer target `script-parser`: arbitrary text into TouchScriptParser (the `.touch` format of
// contracts.md section 2). A script that parses is expanded into ideal reports and replayed as
// `touchhost replay` replays it (ReplaySource.script, ReplayDriver): each report into a
// TouchPipeline with the script's tracker settings and the kiosk recognizers, a scripted cancel as
// the pipeline's cancelAll, and the pipeline finished at the end. Everything it makes must keep
// the touch and gesture streams' promises (CheckedOutput). A parse error must name a line of the
// input. Nothing is clamped: the parser and the replay get whatever text the bytes make, as a
// user's file would give them. Expansion is lazy, so the replay takes only the first `maxItems`
// reports of a script however long it runs; their times must never decrease.

let maxItems = 2_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let script: TouchScript
    do {
        script = try TouchScriptParser.parse(text)
    } catch {
        // Line feeds, not Characters: a CRLF pair is one Character but ends one line.
        let lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).count
        precondition(error.line >= 0 && error.line <= lines + 1, "error names line \(error.line) of \(lines): \(error)")
        return 0
    }
    let panel = script.panelSize ?? .scriptDefault
    let rate = script.reportRate ?? TouchScript.defaultReportRate
    var pipeline = TouchPipeline(
        tracker: TrackerConfiguration(reportRateHz: rate),
        engine: BasicGestureEngine.kioskSet(panelWidth: panel.width, panelHeight: panel.height))
    var output = CheckedOutput(capacity: pipeline.tracker.configuration.capacity)
    var previous = Microseconds.min
    for item in script.idealReports(panel: panel, rate: rate).prefix(maxItems) {
        precondition(item.time >= previous, "report at \(item.time) after one at \(previous)")
        previous = item.time
        switch item {
        case .frame(let frame):
            output.consume(frame, in: &pipeline)
        case .cancel(let time):
            pipeline.cancelAll(at: time, into: &output)
            output.checkCounts(of: pipeline)
        }
        output.requireClean()
    }
    output.finish(&pipeline)
    output.requireClean()
    return 0
}
