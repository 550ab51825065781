import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Every output that turns a number into text or a cell survives any Float or Double, whatever
/// reaches it: the inputs are checked at their boundaries (UntrustedDeviceTests, UntrustedFileTests),
/// and these are the last line of defence behind them.
@Suite struct FormattersSurviveAnyNumberTests {
    static let extremes: [Float] = [
        1e30, -1e30, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 9.3e18, -9.3e18,
        9.0e15, 1e13, .leastNonzeroMagnitude,
    ]

    @Test(arguments: [
        (1e30, 2, "1e+30"), (-1e30, 1, "-1e+30"), (9.3e18, 2, "9.3e+18"), (9.1e15, 1, "9100000000000000.0"),
        (Double.greatestFiniteMagnitude, 2, "1.7976931348623157e+308"), (.infinity, 2, "0.0"), (-.infinity, 1, "0.0"),
        (.nan, 3, "0.0"), (123.456, 20, "123.456"), (2.5, -1, "3.0"),
    ])
    func aNumberTooLargeForDigitsIsWrittenInExponentFormNotTrappedOn(value: Double, places: Int, text: String) {
        #expect(DecimalText.format(value, places: places) == text)
    }

    @Test(arguments: extremes)
    func everyEventLineHoldsAnyPosition(_ value: Float) throws {
        let point = PanelPoint(x: value, y: 10)
        let touch = TrackedTouch(trackingId: 1, slot: 0, phase: .began, position: point, startPosition: point, startTime: 0)
        var values = GestureValues()
        values.translation = point
        values.velocity = PanelPoint(x: 0, y: value)
        let pan = GestureEvent(recognizer: 0, kind: .pan, state: .ended, timestamp: .max, location: point, touches: 1, values: values)
        var rotated = GestureValues()
        rotated.rotation = value
        let rotation = GestureEvent(recognizer: 1, kind: .rotation, state: .changed, timestamp: .min, location: point, touches: 2, values: rotated)
        let events: [HostEvent] = [.touch(touch, at: Int64.min), .gesture(pan), .gesture(rotation)]
        let json = JSONEventFormatter(recognizerNames: ["pan", "rotation"])
        for event in events {
            let line = try #require(json.line(for: event))
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect((object?["x"] as? NSNumber) != nil, "\(line)")
            var readable = ReadableEventFormatter(recognizerNames: ["pan", "rotation"])
            readable.showsEveryChange = true
            #expect(readable.line(for: event) != nil)
            var aligned = MonitorLineFormatter(recognizerNames: ["pan", "rotation"])
            aligned.showsEveryChange = true
            #expect(aligned.line(for: event) != nil)
        }
    }

    @Test(arguments: extremes)
    func theLiveViewDrawsATouchAtAnyPosition(_ value: Float) {
        var state = MonitorState(port: "/dev/pts/1", link: "pty", recognizerNames: ["pan"])
        state.info = CAPIControllerInfo.fake
        for (index, point) in [PanelPoint(x: value, y: 10), PanelPoint(x: 10, y: value), PanelPoint(x: value, y: value)].enumerated() {
            let touch = TrackedTouch(trackingId: UInt32(index + 1), slot: UInt8(index), phase: .began, position: point, startPosition: point, startTime: 0)
            state.absorb(.touch(touch, at: 0), now: 0)
        }
        let lines = MonitorScreen.lines(state, width: 120, height: 30)
        #expect(lines.count == 30 && lines.allSatisfy { $0.count == 120 })
        // A map of a panel whose size is no number, or any size, still has its cells.
        for size in [value, 1, 0] {
            let map = PanelMap(panelWidth: size, panelHeight: 1 / size, maxColumns: 80, maxRows: 20)
            #expect(map.columns >= 1 && map.rows >= 1 && map.columns <= 78 && map.rows <= 18)
            let cell = map.cell(for: PanelPoint(x: value, y: -value))
            #expect((0..<map.columns).contains(cell.column) && (0..<map.rows).contains(cell.row))
        }
    }

    @Test(arguments: extremes)
    func aPlotDrawsAStrokeAtAnyPosition(_ value: Float) {
        var plot = TouchPlot(panel: PanelSize(width: 345, height: 194), recognizerNames: ["pan"])
        for (phase, point) in [(TouchPhase.began, PanelPoint(x: 10, y: 10)), (.moved, PanelPoint(x: value, y: value))] {
            plot.add(.touch(TrackedTouch(trackingId: 1, slot: 0, phase: phase, position: point, startPosition: point, startTime: 0), at: 0))
        }
        let svg = SVGPlot.render(plot, title: "crafted\u{1B}[2J.touch")
        #expect(!svg.contains("nan") && !svg.contains("inf") && !svg.contains("\u{1B}"), "\(svg)")
        #expect(svg.contains(#"crafted\u{1B}[2J.touch"#))
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\nb\r\tc", #"a\u{A}b\u{D}\u{9}c"#), ("\u{1B}[2J\u{07}", #"\u{1B}[2J\u{7}"#), ("\u{7F}\u{85}\u{9F}", #"\u{7F}\u{85}\u{9F}"#),
        ("\u{2028}\u{202E}\u{2066}", #"\u{2028}\u{202E}\u{2066}"#), ("caf\u{E9} \u{1F600}", "caf\u{E9} \u{1F600}"), ("a\u{200B}b\u{E000}\u{FEFF}", #"a\u{200B}b\u{E000}\u{FEFF}"#),
    ])
    func deviceAndFileTextIsShownWithItsControlsEscaped(text: String, shown: String) {
        #expect(DisplayText.escaped(text) == shown)
    }

    @Test func aLongTokenIsCutToFortyCharactersWithAnEllipsis() {
        #expect(DisplayText.excerpt(String(repeating: "x", count: 1_000_000)) == String(repeating: "x", count: 40) + "\u{2026}")
        #expect(DisplayText.excerpt(String(repeating: "x", count: 40)) == String(repeating: "x", count: 40))
        // Counted as shown: each escape as the characters it prints.
        #expect(DisplayText.excerpt("\r\n" + String(repeating: "y", count: 50)) == #"\u{D}\u{A}"# + String(repeating: "y", count: 30) + "\u{2026}")
        // One Character of a thousand combining marks (found by fuzzing: a NUL-filled name quoted
        // whole, and a grapheme cluster counting as one): cut as shown, never whole.
        #expect(DisplayText.excerpt("e" + String(repeating: "\u{301}", count: 1_000)).unicodeScalars.count == 41)
        #expect(DisplayText.excerpt(String(repeating: "\u{0}", count: 100)) == String(repeating: #"\u{0}"#, count: 8) + "\u{2026}")
    }

    /// JSON strings escape what JSON requires, and DEL, C1 and the line separators besides; they
    /// still read back as the same string.
    @Test(arguments: ["a\"b\\c", "\u{1B}[2J\n\r\t\u{0}", "\u{7F}\u{9B}\u{2028}\u{2029}", "caf\u{E9} \u{1F600}", "\u{202E}\u{F0000}"])
    func aJSONStringReadsBackAsItWasAndHoldsNoControlCharacter(_ text: String) throws {
        var formatter = JSONEventFormatter(recognizerNames: [])
        formatter.source = text
        let line = try #require(formatter.line(for: .status(StatusEvent(kind: .rejected, timestamp: 0, count: 1))))
        #expect(!line.unicodeScalars.contains { DisplayText.needsEscape($0) }, "\(line)")
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["source"] as? String == text)
        #expect(object?["event"] as? String == "rejected")
    }
}
