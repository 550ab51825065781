import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TouchCore
@testable import TouchHost

/// `touchhost plot`: a replay drawn as SVG, read back as XML.
@Suite struct PlotTests {
    static let script = """
        500ms   tap    60 50
        1500ms  drag   from 40 150 to 150 120 in 900ms
        3000ms  pinch  at 250 90 from 40 to 110 in 600ms
        """

    static func document(_ script: String) throws -> (TouchPlot, XMLDocument) {
        let source = try ReplaySource.script(script, name: "plot.touch")
        let plot = try TouchPlot.make(source, recognizers: try RecognizerSelection.parse("kiosk"))
        return (plot, try XMLDocument(xmlString: SVGPlot.render(plot, title: "plot.touch"), options: []))
    }

    static func elements(_ document: XMLDocument, _ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    @Test func everyTouchIsOnePathLabelledWithItsTrackingId() throws {
        let (plot, document) = try Self.document(Self.script)
        // A tap, a drag and a two-finger pinch.
        #expect(plot.strokes.count == 4)
        let paths = try Self.elements(document, "//*[local-name()='path'][@class='touch']")
        #expect(paths.count == plot.strokes.count)
        let labels = try Self.elements(document, "//*[local-name()='text'][@class='touch-label']").compactMap(\.stringValue)
        #expect(Set(labels) == Set(plot.strokes.map { "#\($0.trackingId)" }))
        #expect(Set(paths.compactMap { $0.value(of: "stroke") }).count == paths.count, "a colour per touch")
    }

    @Test func theDragsPathRunsFromWhereItBeganToWhereItEnded() throws {
        let (plot, document) = try Self.document(Self.script)
        let drag = try #require(plot.strokes.first { $0.points.first!.distance(to: PanelPoint(x: 40, y: 150)) < 1 })
        let path = try #require(try Self.elements(document, "//*[local-name()='path'][@data-id='\(drag.trackingId)']").first)
        let d = try #require(path.value(of: "d"))
        #expect(d.hasPrefix("M 40.0 150.0"), "\(d.prefix(40))")
        let numbers = d.split(separator: " ").compactMap { Float($0) }
        #expect(abs(numbers[numbers.count - 2] - 150) < 1 && abs(numbers[numbers.count - 1] - 120) < 1)
    }

    @Test(arguments: [("tap", Float(60), Float(50), 0.5), ("pan", 40, 150, 1.5), ("pinch", 250, 90, 3.0)])
    func gesturesAreMarkedWhereAndWhenTheyHappened(name: String, x: Float, y: Float, after: Double) throws {
        let (_, document) = try Self.document(Self.script)
        let marks = try Self.elements(document, "//*[local-name()='g'][@class='gesture'][@data-name='\(name)']")
        let first = try #require(marks.first, "no \(name) marker")
        let markX = try #require(Float(first.value(of: "data-x") ?? ""))
        let markY = try #require(Float(first.value(of: "data-y") ?? ""))
        let time = try #require(Double(first.value(of: "data-time") ?? ""))
        #expect(PanelPoint(x: markX, y: markY).distance(to: PanelPoint(x: x, y: y)) < 15, "\(name) at \(markX), \(markY)")
        #expect(time >= after && time < after + 1.2, "\(name) at \(time) s")
        let label = try #require(first.elements(forName: "text").first?.stringValue)
        #expect(label.hasPrefix(name + " ") && label.contains("\(String(format: "%.3f", time)) s"), "\(label)")
    }

    @Test func thePanelOutlineHasThePanelsSize() throws {
        let (_, document) = try Self.document("panel 200 100\n0ms tap 10 10\n")
        let panel = try #require(try Self.elements(document, "//*[local-name()='rect'][@class='panel']").first)
        #expect(panel.value(of: "width") == "200.0")
        #expect(panel.value(of: "height") == "100.0")
    }
}

/// `monitor --lines`: aligned columns, one event per line.
@Suite struct MonitorLinesTests {
    @Test func touchAndGestureLinesShareTheirColumns() throws {
        let formatter = MonitorLineFormatter(recognizerNames: ["tap", "pinch"])
        let point = PanelPoint(x: 100, y: 60)
        let touch = try #require(formatter.line(for: .touch(
            TrackedTouch(trackingId: 12, slot: 3, phase: .began, position: point, startPosition: point, startTime: 0), at: 1_234_000)))
        var values = GestureValues()
        values.scale = 1.5
        let gesture = try #require(formatter.line(for: .gesture(
            GestureEvent(recognizer: 1, kind: .pinch, state: .began, timestamp: 11_000_000, location: point, touches: 2, values: values))))
        #expect(touch.hasPrefix("    1.234s  touch    slot 3   id 12"), "\(touch)")
        #expect(gesture.hasPrefix("   11.000s  gesture  pinch"), "\(gesture)")
        #expect(touch.range(of: "100.00")?.lowerBound.utf16Offset(in: touch) == gesture.range(of: "100.00")?.lowerBound.utf16Offset(in: gesture))
        #expect(gesture.hasSuffix("2 touches  scale 1.5"), "\(gesture)")
        let moved = TrackedTouch(trackingId: 12, slot: 3, phase: .moved, position: point, startPosition: point, startTime: 0)
        #expect(formatter.line(for: .touch(moved, at: 0)) == nil)
    }
}

extension XMLElement {
    /// An attribute's text; looked up by name because elements in the SVG namespace do not answer
    /// `attribute(forName:)` on every platform.
    func value(of name: String) -> String? {
        attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }
}
