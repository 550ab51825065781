import Foundation
import TouchCore

// libFuzzer target `script-parser`: arbitrary text into TouchScriptParser (the `.touch` format of
// contracts.md section 2). A script that parses is expanded into ideal reports and replayed as
// `touchhost replay` replays it (ReplaySource.script, ReplayDriver): each report into a
// TouchPipeline with the script's tracker settings and the kiosk recognizers, a scripted cancel as
// the pipeline's cancelAll, and the pipeline finished at the end. Everything it makes must keep
// the touch and gesture streams' promises (CheckedOutput). A parse error must name a line of the
// input. Scripts whose expansion would cover more than 10 minutes are parsed only: their length,
// not their content, would set the run time.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let script: TouchScript
    do {
        script = try TouchScriptParser.parse(text)
    } catch {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        precondition(error.line >= 0 && error.line <= lines + 1, "error names line \(error.line) of \(lines): \(error)")
        return 0
    }
    guard let last = script.statements.last, last.time <= 600_000_000,
          script.statements.allSatisfy({ $0.time >= 0 }) else { return 0 }
    let panel = script.panelSize ?? .scriptDefault
    let rate = min(max(script.reportRate ?? TouchScript.defaultReportRate, 1), 1_000)
    var pipeline = TouchPipeline(
        tracker: TrackerConfiguration(reportRateHz: rate),
        engine: BasicGestureEngine.kioskSet(panelWidth: panel.width, panelHeight: panel.height))
    var output = CheckedOutput(capacity: pipeline.tracker.configuration.capacity)
    for item in script.idealReports(panel: panel, rate: rate) {
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
