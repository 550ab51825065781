import Foundation
import Testing

/// Strokes as script authors write them, through `touchhost replay`: each stroke gets one answer
/// from the kiosk set (the pan runs beside every one-finger gesture and is not an answer).
@Suite struct ScriptedStrokeTests {
    /// The gesture events (recognized or began) and touch lifts of the script, times in ms.
    static func events(_ script: String) throws -> [(name: String, t: Double)] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stroke-\(getpid())-\(UUID().uuidString).touch")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", "--json", file.path], timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        let events = result.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return events.compactMap { event -> (String, Double)? in
            guard let t = event["t"] as? Double else { return nil }
            if event["type"] as? String == "touch", event["phase"] as? String == "ended" { return ("lift", t) }
            guard event["type"] as? String == "gesture", ["recognized", "began"].contains(event["state"] as? String ?? ""),
                let name = event["name"] as? String
            else { return nil }
            return (name, t)
        }
    }

    /// The names that recognized or began for the script's strokes, the pan left out.
    static func answers(_ script: String) throws -> [String] {
        try events(script).map(\.name).filter { $0 != "pan" && $0 != "lift" }
    }

    /// Finger-level statements along a polyline, one move every 8 ms, for scripts that need more
    /// than one finger or a cancel.
    static func fingerPath(_ finger: Int, _ corners: [(Double, Double)], from start: Int, milliseconds: Int) -> [String] {
        var lengths = [0.0]
        for i in 1..<corners.count {
            lengths.append(lengths[i - 1] + hypot(corners[i].0 - corners[i - 1].0, corners[i].1 - corners[i - 1].1))
        }
        let steps = milliseconds / 8
        return (0...steps).map { k -> String in
            let along = lengths.last! * Double(k) / Double(steps)
            let i = max(1, lengths.firstIndex { $0 >= along } ?? corners.count - 1)
            let f = (along - lengths[i - 1]) / max(lengths[i] - lengths[i - 1], 1e-9)
            let x = corners[i - 1].0 + (corners[i].0 - corners[i - 1].0) * f
            let y = corners[i - 1].1 + (corners[i].1 - corners[i - 1].1) * f
            return String(format: "%dms %@ %d %.2f %.2f", start + 8 * k, k == 0 ? "down" : "move", finger, x, y)
        }
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
        "path 100 100, 110 122, 120 123, 150 80 in 600ms",  // a flat bottom
    ])
    func theSeedsCheckmarkIsACheckmark(_ stroke: String) throws {
        #expect(try Self.answers("100ms " + stroke + "\n") == ["checkmark"])
    }

    /// One rule of the seed's listing and a script that breaks only it.
    struct SeedRule: Sendable, CustomTestStringConvertible {
        var rule: String
        var script: String
        var testDescription: String { rule }
    }

    static let check: [(Double, Double)] = [(100, 100), (115, 120), (145, 90)]

    /// The seed's parity table: each of UIKit's checkmark rules, broken by a stroke that keeps the
    /// others, is no checkmark (`theSeedsCheckmarkIsACheckmark` keeps them all).
    @Test(arguments: [
        SeedRule(
            rule: "only the first finger: two fingers landing together fail it",
            script: zip(fingerPath(1, check, from: 100, milliseconds: 400), fingerPath(2, check.map { ($0.0, $0.1 + 40) }, from: 100, milliseconds: 400))
                .flatMap { [$0, $1] }.joined(separator: "\n") + "\n508ms up 1\n508ms up 2\n"),
        SeedRule(rule: "the first movement goes down and right: up first", script: "100ms path 100 100, 110 80, 125 110, 155 70 in 500ms\n"),
        SeedRule(rule: "the first movement goes down and right: left first", script: "100ms path 100 100, 88 100, 103 120, 133 90 in 500ms\n"),
        SeedRule(rule: "always left to right", script: "100ms path 100 100, 120 130, 105 125, 150 80 in 600ms\n"),
        SeedRule(rule: "turns from down to up: never turns", script: "100ms path 100 100, 140 150 in 400ms\n"),
        SeedRule(rule: "the up stroke never goes down again", script: "100ms path 100 100, 120 130, 130 115, 140 130, 160 70 in 600ms\n"),
        SeedRule(rule: "ends higher than the initial point", script: "100ms path 100 100, 115 120, 145 105 in 400ms\n"),
        SeedRule(rule: "a cancelled touch fails", script: fingerPath(1, check, from: 100, milliseconds: 400).joined(separator: "\n") + "\n508ms cancel\n"),
    ])
    func eachSeedRuleBrokenIsNoCheckmark(_ rule: SeedRule) throws {
        #expect(try !Self.answers(rule.script).contains("checkmark"))
    }

    /// What keeps every seed rule but is clearly another gesture: a `v`, its legs mirror images.
    @Test(arguments: [
        "path 100 100, 120 140, 140 100 in 400ms",  // ends as high as it began
        "path 100 100, 120 125, 140 88 in 400ms",  // tilted: ends well above its start, its legs alike
    ])
    func aVIsNoCheckmark(_ stroke: String) throws {
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

    /// A quick straight flick is a swipe, and nothing else. It is reported by its lift: until
    /// then a stroke going right or down can still become a checkmark or a circle.
    @Test(arguments: ["drag from 120 60 to 240 60 in 300ms", "drag from 172 40 to 172 150 in 200ms", "drag from 240 97 to 120 97 in 250ms"])
    func aQuickFlickIsASwipeAlone(_ flick: String) throws {
        let events = try Self.events("100ms " + flick + "\n")
        #expect(events.map(\.name).filter { $0 != "pan" && $0 != "lift" } == ["swipe"])
        let swipe = try #require(events.first { $0.name == "swipe" }), lift = try #require(events.first { $0.name == "lift" })
        #expect(swipe.t <= lift.t)
    }

    /// The shapes fail early (docs/gestures.md): a stroke that has gone 9 mm left or up is no
    /// checkmark, one that has run straight for 74 mm (an octagon's side in the largest circle a
    /// 345 x 194 panel holds) is no circle. A long flick left or up is a swipe there, before its
    /// lift: 200 mm in 300 ms from 100 ms reaches 74 mm at 211 ms.
    @Test(arguments: ["drag from 300 97 to 100 97 in 300ms", "drag from 40 60 to 240 60 in 300ms"])
    func aLongFlickIsASwipeOnceNoShapeCanFollow(_ flick: String) throws {
        let events = try Self.events("100ms " + flick + "\n")
        #expect(events.map(\.name).filter { $0 != "pan" && $0 != "lift" } == ["swipe"])
        let swipe = try #require(events.first { $0.name == "swipe" }), lift = try #require(events.first { $0.name == "lift" })
        if flick.contains("to 100 97") {
            #expect(swipe.t < lift.t - 50, "swipe at \(swipe.t) ms, lift at \(lift.t) ms")
            let runPasses74mm: Double = 100 + 300 * 74.3 / 200, oneReport: Double = 1000 / 120
            #expect(swipe.t <= runPasses74mm + 2 * oneReport, "swipe at \(swipe.t) ms")
        } else {
            // Going right it could still turn down into a checkmark: decided at the lift.
            #expect(swipe.t == lift.t)
        }
    }
}
