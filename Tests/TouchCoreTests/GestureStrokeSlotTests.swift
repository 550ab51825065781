import Testing
import TouchCore

/// A stand-in stroke matcher: a backslash is a stroke down and to the right, at least 30 mm long.
struct DownRightLine: SingleStrokeMatcher, Sendable {
    var start = PanelPoint.zero
    var last = PanelPoint.zero

    var kind: GestureKind { .backslash }

    mutating func begin(at point: PanelPoint, time: Microseconds) {
        start = point
        last = point
    }

    mutating func move(to point: PanelPoint, time: Microseconds) -> Bool {
        defer { last = point }
        return point.x >= last.x && point.y >= last.y
    }

    mutating func end(at point: PanelPoint, time: Microseconds, values: inout GestureValues) -> Bool {
        values.length = point.distance(to: start)
        return values.length >= 30
    }

    mutating func cancel() {}
}

@Suite struct GestureStrokeSlotTests {
    typealias StrokeEngine = GestureEngine<SingleStrokeRecognizer<DownRightLine>>

    func strokeEngine() -> StrokeEngine {
        var engine = StrokeEngine(configuration: GestureEngineConfiguration())
        let pan = engine.add(.pan(PanRecognizer()))
        let backslash = engine.addCustom(SingleStrokeRecognizer(DownRightLine()), name: "backslash")
        engine.allowSimultaneous(backslash, pan)
        return engine
    }

    @Test func aStrokeMatcherRecognizesAtTheLiftBesideAPan() throws {
        var player = GesturePlayer(strokeEngine())
        player.play(
            Scenario().at(0, .down(1, 100, 50)).drag(1, from: (100, 50), to: (140, 90), startMs: 0, endMs: 200)
                .at(200, .up(1)))
        #expect(player.actions == ["pan began @20", "pan ended @200", "backslash recognized @200"])
        let event = try #require(player.events.last)
        #expect(event.kind == .backslash && abs(event.values.length - 56.57) < 0.05)
    }

    @Test func aStrokeThatTurnsBackFailsWithoutAnAction() {
        var player = GesturePlayer(strokeEngine())
        player.play(
            Scenario().at(0, .down(1, 100, 50)).drag(1, from: (100, 50), to: (140, 90), startMs: 0, endMs: 100)
                .drag(1, from: (140, 90), to: (100, 90), startMs: 100, endMs: 200).at(200, .up(1)))
        #expect(player.actions == ["pan began @10", "pan ended @200"])
    }

    @Test func aSecondFingerFailsAOneFingerStroke() {
        var player = GesturePlayer(strokeEngine())
        player.play(
            Scenario().at(0, .down(1, 100, 50)).at(20, .down(2, 200, 50))
                .drag(1, from: (100, 50), to: (140, 90), startMs: 0, endMs: 200).at(200, .up(1)).at(200, .up(2)))
        #expect(!player.actions.contains { $0.hasPrefix("backslash") })
    }
}
