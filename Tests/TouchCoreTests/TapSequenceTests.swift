import Testing
import TouchCore

/// Quick taps in a row through the kiosk set: a tap landing beyond the double tap's reach while
/// the previous one still waits on its double-tap decision is a tap of its own, and may begin the
/// next double tap; every tap counts.
@Suite struct TapSequenceTests {
    typealias Pipeline = TouchPipelineTests

    struct Sequence: CustomTestStringConvertible {
        let label: String
        /// Each tap: where (x mm) and when (ms) it goes down; it lifts 60 ms later.
        let taps: [(x: Float, at: Microseconds)]
        let expected: [String]
        var testDescription: String { label }
    }

    @Test(arguments: [
        Sequence(label: "two taps 60 mm apart", taps: [(100, 0), (160, 150)], expected: ["tap 1", "tap 1"]),
        Sequence(label: "a tap, then a double tap elsewhere", taps: [(100, 0), (160, 150), (160, 350)], expected: ["tap 1", "double-tap 2"]),
        Sequence(label: "a double tap in one place", taps: [(100, 0), (102, 150)], expected: ["double-tap 2"]),
        Sequence(label: "three taps hopping 30 mm", taps: [(100, 0), (130, 150), (160, 300)], expected: ["tap 1", "tap 1", "tap 1"]),
    ])
    func everyQuickTapCounts(_ sequence: Sequence) {
        var pipeline = Pipeline.pipeline()
        var log = Pipeline.Log()
        for (index, tap) in sequence.taps.enumerated() {
            let point = PanelPoint(x: tap.x, y: 100)
            for frame in Pipeline.finger(UInt8(index % 2), at: point, from: tap.at * 1_000, to: tap.at * 1_000 + 60_000) {
                pipeline.consume(frame, into: &log)
            }
        }
        pipeline.finish(into: &log)
        let taps = log.gestureLog.filter { $0.kind == .tap && $0.state == .recognized }
            .map { "\(pipeline.engine.name(of: $0.recognizerIndex)) \($0.values.taps)" }
        #expect(taps == sequence.expected)
    }
}
