import Testing
import TouchCore
@testable import TouchHost

@Suite struct ReplayDriverTests {
    private func replay(_ text: String) throws -> [String] {
        let source = try ReplaySource.script(text, name: "test.touch")
        let formatter = JSONEventFormatter(recognizerNames: RecognizerSelection.kiosk.engineNames)
        var lines: [String] = []
        ReplayDriver.run(source, recognizers: .kiosk) { event in
            if case .touch(let touch, _) = event, touch.phase == .moved { return }
            if case .gesture = event { return }
            if let line = formatter.line(for: event) { lines.append(line) }
        }
        return lines
    }

    @Test func aScriptedTapBeginsAndEndsWhenTheScriptSays() throws {
        #expect(
            try replay("1s tap 150 100") == [
                #"{"type":"touch","t":1000.0,"phase":"began","id":1,"slot":0,"x":150.0,"y":100.0}"#,
                #"{"type":"touch","t":1060.0,"phase":"ended","id":1,"slot":0,"x":150.0,"y":100.0}"#,
            ])
    }

    @Test func touchesLeftDownWhenReportsStopAreCancelledAtTheReportTimeoutNotAtTheEndOfTheInput() throws {
        let lines = try replay("rate 100\n0ms report [1 down 10 10]")
        // The tracker's timeout at 100 reports/s is max(100 ms, 8 periods) = 100 ms; virtual time
        // stops at every deadline, so it fires at that instant rather than seconds later. A
        // controller that stops reporting has stalled: nobody knows what the finger did.
        #expect(lines.last == #"{"type":"touch","t":100.0,"phase":"cancelled","id":1,"slot":0,"x":10.0,"y":10.0}"#)
        #expect(lines.contains(#"{"type":"status","t":100.0,"event":"report-timeout","count":1}"#))
    }

    @Test func theSameInputGivesTheSameOutput() throws {
        let script = "0ms drag from 10 10 to 200 150 in 700ms fingers 2 spread 25\n1s pinch at 150 100 from 40 to 120 in 500ms"
        #expect(try replay(script) == (try replay(script)))
    }

    @Test func aScriptedCancelCancelsEveryTouch() throws {
        let lines = try replay("0ms down 1 10 10\n0ms down 2 50 10\n100ms cancel")
        #expect(lines.filter { $0.contains(#""phase":"cancelled""#) }.count == 2)
        #expect(lines.allSatisfy { !$0.contains(#""phase":"ended""#) })
    }
}
