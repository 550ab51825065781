import Foundation
import Testing

/// Strokes as script authors write them, through `touchhost replay`: each stroke gets one answer
/// from the kiosk set (the pan runs beside every one-finger gesture and is not an answer).
@Suite struct ScriptedStrokeTests {
    /// The names that recognized or began for the script's strokes, the pan left out.
    static func answers(_ script: String) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stroke-\(getpid())-\(UUID().uuidString).touch")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", "--json", file.path], timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        let events = result.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return events.filter { $0["type"] as? String == "gesture" }
            .filter { ["recognized", "began"].contains($0["state"] as? String ?? "") }
            .compactMap { $0["name"] as? String }
            .filter { $0 != "pan" }
    }

    /// Strokes UIKit's sample (the seed listings) takes for a checkmark: first down and right,
    /// always left to right, turning up once, ending above the start.
    @Test(arguments: [
        "path 100 100, 115 120, 145 90 in 400ms",  // a down stroke two thirds of the up stroke
        "path 150 80, 165 100, 200 55 in 450ms",  // the demo's
        "path 100 100, 110 130, 160 60 in 300ms",  // quick, with a long up stroke
        "path 100 100, 104 112, 112 90 in 900ms",  // small and slow
        "path 60 60, 100 120, 200 20 in 700ms",  // large
        "path 100 100, 102 115, 140 90 in 500ms",  // nearly vertical down stroke, shallow up stroke
        "path 100 100, 120 125, 130 126, 150 80 in 600ms",  // a flat bottom
    ])
    func theSeedsCheckmarkIsACheckmark(_ stroke: String) throws {
        #expect(try Self.answers("100ms " + stroke + "\n") == ["checkmark"])
    }

    /// What the seed's rule refuses, or what is clearly another gesture.
    @Test(arguments: [
        "path 100 100, 120 140, 140 100 in 400ms",  // a v: ends as high as it began
        "path 100 100, 120 60, 140 100 in 400ms",  // a caret: up first
        "path 140 100, 120 130, 90 80 in 400ms",  // right to left
        "path 100 100, 115 120, 145 105 in 400ms",  // ends below its start
        "path 100 100, 120 130, 130 115, 140 130, 160 70 in 600ms",  // goes down again on the way up
    ])
    func strokesTheSeedRefusesAreNoCheckmark(_ stroke: String) throws {
        #expect(try !Self.answers("100ms " + stroke + "\n").contains("checkmark"))
    }

    /// A closed polygon around a centre, as a script (or a slow controller's sampling) draws a circle.
    static func polygon(sides: Int, radius: Double, milliseconds: Int, clockwise: Bool = true, turn: Double = 0, aspect: Double = 1) -> String {
        let points = (0...sides).map { k -> String in
            let angle = turn + (clockwise ? 1 : -1) * 2 * Double.pi * Double(k) / Double(sides)
            let x = 172 + radius * aspect * cos(angle), y = 97 + radius * sin(angle)
            return String(format: "%.2f %.2f", x, y)
        }
        return "100ms path " + points.joined(separator: ", ") + " in \(milliseconds)ms\n"
    }

    struct Polygon: Sendable, CustomTestStringConvertible {
        var sides: Int
        var radius: Double
        var milliseconds: Int
        var clockwise = true
        var turn = 0.0
        var aspect = 1.0
        var script: String { ScriptedStrokeTests.polygon(sides: sides, radius: radius, milliseconds: milliseconds, clockwise: clockwise, turn: turn, aspect: aspect) }
        var testDescription: String { "\(sides) sides, r \(radius) mm, \(milliseconds) ms\(clockwise ? "" : ", anticlockwise")\(aspect != 1 ? ", aspect \(aspect)" : "")" }
    }

    @Test(arguments: [
        Polygon(sides: 8, radius: 30, milliseconds: 900),
        Polygon(sides: 8, radius: 10, milliseconds: 300),
        Polygon(sides: 8, radius: 60, milliseconds: 3000, clockwise: false, turn: 0.4),
        Polygon(sides: 9, radius: 20, milliseconds: 1200, turn: 1.1),
        Polygon(sides: 12, radius: 34, milliseconds: 900, clockwise: false),
        Polygon(sides: 16, radius: 15, milliseconds: 500, turn: 2),
        Polygon(sides: 40, radius: 80, milliseconds: 2500),
        Polygon(sides: 24, radius: 25, milliseconds: 800, aspect: 1.3),  // distance from the centre within 15%
    ])
    func aClosedPolygonOfEightOrMoreSidesIsACircle(_ polygon: Polygon) throws {
        #expect(try Self.answers(polygon.script) == ["circle"])
    }

    @Test(arguments: [
        Polygon(sides: 4, radius: 30, milliseconds: 900),  // a square
        Polygon(sides: 4, radius: 30, milliseconds: 900, turn: 0.785),  // a diamond
        Polygon(sides: 4, radius: 25, milliseconds: 1000, turn: 0.785, aspect: 1.6),  // a rectangle
        Polygon(sides: 3, radius: 30, milliseconds: 900, turn: -1.571),  // a triangle
    ])
    func rectanglesAndTrianglesAreNoCircle(_ polygon: Polygon) throws {
        #expect(try !Self.answers(polygon.script).contains("circle"))
    }

    @Test func aStarIsNoCircle() throws {
        // A five-pointed star drawn as one stroke: every second point of a pentagon.
        let points = (0...5).map { k -> String in
            let angle = -Double.pi / 2 + 4 * Double.pi * Double(k) / 5
            return String(format: "%.2f %.2f", 172 + 30 * cos(angle), 97 + 30 * sin(angle))
        }
        #expect(try !Self.answers("100ms path " + points.joined(separator: ", ") + " in 1000ms\n").contains("circle"))
    }

    /// A quick straight flick is a swipe, recognized by the lift (its stroke could still have
    /// become a shape until then), and nothing else.
    @Test(arguments: ["drag from 120 60 to 240 60 in 300ms", "drag from 172 40 to 172 150 in 200ms", "drag from 240 97 to 120 97 in 250ms"])
    func aQuickFlickIsASwipeAlone(_ flick: String) throws {
        #expect(try Self.answers("100ms " + flick + "\n") == ["swipe"])
    }
}
