import Testing
import TouchCore

/// UIKit-parity scenarios: finger-level steps in, the exact sequence of actions out (`changed`
/// actions left out; no action ever for `possible` or `failed`).
struct ParityCase: CustomTestStringConvertible, Sendable {
    var name: String
    var build: @Sendable () -> BasicGestureEngine
    var scenario: Scenario
    var expected: [String]

    var testDescription: String { name }
}

/// Two fingers on a circle around (150, 100): radius 20 -> 40 mm while turning 90 degrees
/// clockwise, in 200 ms, then both lift.
func pinchAndTurn() -> Scenario {
    var s = Scenario().at(0, .down(1, 170, 100)).at(0, .down(2, 130, 100))
    for k in 1...20 {
        let r = Float(20 + k)
        let a = Float(k) * ScalarMath.pi / 40
        let (c, sn) = (ScalarMath.cos(a), ScalarMath.sin(a))
        s = s.at(Double(k * 10), .move(1, 150 + r * c, 100 + r * sn))
            .at(Double(k * 10), .move(2, 150 - r * c, 100 - r * sn))
    }
    return s.at(200, .up(1)).at(200, .up(2))
}

func tap(at ms: Double, finger: Int, _ x: Float = 100, _ y: Float = 100, scenario: Scenario = Scenario()) -> Scenario {
    scenario.at(ms, .down(finger, x, y)).at(ms + 60, .up(finger))
}

let parityCases: [ParityCase] = [
    ParityCase(
        name: "a single tap waits for the double tap and fires the moment the double tap's interval runs out",
        build: kioskEngine, scenario: tap(at: 0, finger: 1), expected: ["tap recognized @360"]),
    ParityCase(
        name: "a double tap recognizes and the single tap that required it to fail never fires",
        build: kioskEngine, scenario: tap(at: 200, finger: 2, scenario: tap(at: 0, finger: 1)),
        expected: ["double-tap recognized @260"]),
    ParityCase(
        name: "taps too far apart in time are two single taps",
        build: kioskEngine, scenario: tap(at: 500, finger: 2, scenario: tap(at: 0, finger: 1)),
        expected: ["tap recognized @360", "tap recognized @860"]),
    ParityCase(
        name: "two fingers tapping together are a two-finger tap, not a tap",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 100, 100)).at(0, .down(2, 125, 100)).at(80, .up(1)).at(80, .up(2)),
        expected: ["two-finger-tap recognized @80"]),
    ParityCase(
        name: "a long press begins on time through advance alone and ends on lift",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 100, 100)).at(700, .wait).at(900, .up(1)),
        expected: ["long-press began @500", "long-press ended @900"]),
    ParityCase(
        name: "a long press after a tap begins once the second press has lasted its duration",
        build: { engine([(.longPress(LongPressRecognizer(tapsBefore: 1)), RecognizerOptions())]) },
        scenario: Scenario().at(0, .down(1, 100, 100)).at(60, .up(1)).at(200, .down(2, 101, 100))
            .at(800, .wait).at(900, .up(2)),
        expected: ["long-press began @700", "long-press ended @900"]),
    ParityCase(
        name: "a long press after a tap fails when the press comes too late",
        build: { engine([(.longPress(LongPressRecognizer(tapsBefore: 1)), RecognizerOptions())]) },
        scenario: Scenario().at(0, .down(1, 100, 100)).at(60, .up(1)).at(400, .down(2, 101, 100))
            .at(1_000, .wait).at(1_100, .up(2)),
        expected: []),
    ParityCase(
        name: "a tap held past the long-press duration is a long press only",
        build: kioskEngine, scenario: Scenario().at(0, .down(1, 100, 100)).at(600, .up(1)),
        expected: ["long-press began @500", "long-press ended @600"]),
    ParityCase(
        name: "a tap that strays fails silently",
        build: { engine([(.tap(TapRecognizer()), RecognizerOptions())]) },
        scenario: Scenario().at(0, .down(1, 100, 100)).at(20, .move(1, 110, 100)).at(60, .up(1)),
        expected: []),
    ParityCase(
        name: "after a reset a recognizer ignores touches that went down before it, until they lift",
        build: { engine([(.tap(TapRecognizer()), RecognizerOptions())]) },
        scenario: Scenario().at(0, .down(1, 100, 100)).at(20, .move(1, 110, 100)).at(40, .down(2, 200, 100))
            .at(60, .up(1)).at(100, .up(2)).at(500, .down(3, 100, 100)).at(560, .up(3)),
        expected: ["tap recognized @560"]),
    ParityCase(
        name: "pan and swipe are simultaneous in the kiosk set; the swipe waits for the shapes to fail at the lift",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (200, 100), startMs: 0, endMs: 200)
            .at(200, .up(1)),
        expected: ["pan began @10", "pan ended @200", "swipe recognized @200"]),
    ParityCase(
        name: "without a simultaneity relation the pan that begins first makes the swipe fail",
        build: { engine([(.pan(PanRecognizer()), RecognizerOptions()), (.swipe(SwipeRecognizer()), RecognizerOptions())]) },
        scenario: Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (200, 100), startMs: 0, endMs: 200)
            .at(200, .up(1)),
        expected: ["pan began @10", "pan ended @200"]),
    ParityCase(
        name: "a pan that cannot prevent others lets the swipe recognize, and the swipe then cancels it",
        build: {
            var pan = RecognizerOptions()
            pan.canPreventOthers = false
            return engine([(.pan(PanRecognizer()), pan), (.swipe(SwipeRecognizer()), RecognizerOptions())])
        },
        scenario: Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (200, 100), startMs: 0, endMs: 200)
            .at(200, .up(1)),
        expected: ["pan began @10", "swipe recognized @30", "pan cancelled @30"]),
    ParityCase(
        name: "a slow drag pans but never swipes",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (120, 100), startMs: 0, endMs: 200)
            .at(200, .up(1)),
        expected: ["pan began @50", "pan ended @200"]),
    ParityCase(
        name: "pinch and rotation recognize together",
        build: kioskEngine, scenario: pinchAndTurn(),
        expected: ["pinch began @30", "rotation began @40", "pinch ended @200", "rotation ended @200"]),
    ParityCase(
        name: "without a simultaneity relation the pinch that begins first makes the rotation fail",
        build: { engine([(.pinch(PinchRecognizer()), RecognizerOptions()), (.rotation(RotationRecognizer()), RecognizerOptions())]) },
        scenario: pinchAndTurn(), expected: ["pinch began @30", "pinch ended @200"]),
    ParityCase(
        name: "an inward drag from the edge band goes to the edge pan, not the pan",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 3, 100)).drag(1, from: (3, 100), to: (103, 100), startMs: 0, endMs: 200)
            .at(200, .up(1)),
        expected: ["edge-pan began @10", "edge-pan ended @200"]),
    ParityCase(
        name: "a drag along the edge band goes to the pan in the same frame the edge pan fails",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 3, 50)).drag(1, from: (3, 50), to: (3, 150), startMs: 0, endMs: 200)
            .at(200, .up(1)),
        expected: ["pan began @10", "pan ended @200", "swipe recognized @200"]),
    ParityCase(
        name: "a system cancel cancels the gesture under way",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (120, 100), startMs: 0, endMs: 200)
            .at(210, .cancelAll),
        expected: ["pan began @50", "pan cancelled @210"]),
    ParityCase(
        name: "a cancelled touch cancels the gesture it drives",
        build: kioskEngine,
        scenario: Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (120, 100), startMs: 0, endMs: 200)
            .at(210, .cancel(1)),
        expected: ["pan began @50", "pan cancelled @210"]),
    ParityCase(
        name: "a system cancel while a tap waits for the double tap drops the tap",
        build: kioskEngine, scenario: tap(at: 0, finger: 1).at(100, .cancelAll), expected: []),
    ParityCase(
        name: "a system cancel after the double tap's interval ran out leaves the tap that was due",
        build: kioskEngine, scenario: tap(at: 0, finger: 1).at(500, .cancelAll), expected: ["tap recognized @360"]),
    ParityCase(
        name: "a cancel before anything began sends no action",
        build: kioskEngine, scenario: Scenario().at(0, .down(1, 100, 100)).at(100, .cancelAll),
        expected: []),
]

@Suite struct GestureParityTests {
    @Test(arguments: parityCases)
    func scenarioProducesExactlyTheseActions(_ testCase: ParityCase) {
        var player = GesturePlayer(testCase.build())
        player.play(testCase.scenario)
        #expect(player.actions == testCase.expected)
    }

    @Test func continuousGesturesSendChangedBetweenBeganAndEnded() {
        var player = GesturePlayer(
            engine([(.pan(PanRecognizer()), RecognizerOptions())]), includeChanged: true)
        player.play(
            Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (130, 100), startMs: 0, endMs: 30)
                .at(40, .up(1)))
        #expect(player.actions == ["pan began @10", "pan changed @20", "pan changed @30", "pan ended @40"])
    }

    @Test func wholeGestureValuesAreMeasuredFromTouchDown() throws {
        var player = GesturePlayer(kioskEngine())
        player.play(pinchAndTurn())
        let pinchEnd = try #require(player.events.last { $0.kind == .pinch && $0.state == .ended })
        let rotationEnd = try #require(player.events.last { $0.kind == .rotation && $0.state == .ended })
        let pinchBegan = try #require(player.events.first { $0.kind == .pinch && $0.state == .began })
        #expect(abs(pinchEnd.values.scale - 2) < 0.01)
        // Clockwise on screen (y down) is positive.
        #expect(abs(rotationEnd.values.rotation - ScalarMath.pi / 2) < 0.01)
        // The first action already carries the change since touch-down, not zero.
        #expect(abs(pinchBegan.values.scale - 46.0 / 40.0) < 0.01)
        #expect(pinchEnd.touches == 2)
    }

    @Test func panTranslationIsTheCentroidMovementSinceTouchDown() throws {
        var player = GesturePlayer(kioskEngine())
        player.play(
            Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (140, 130), startMs: 0, endMs: 100)
                .at(100, .up(1)))
        let began = try #require(player.events.first { $0.kind == .pan && $0.state == .began })
        let ended = try #require(player.events.last { $0.kind == .pan && $0.state == .ended })
        #expect(abs(began.values.translation.x - 4) < 0.01 && abs(began.values.translation.y - 3) < 0.01)
        #expect(abs(ended.values.translation.x - 40) < 0.01 && abs(ended.values.translation.y - 30) < 0.01)
        #expect(ended.values.velocity.x > 300 && ended.values.velocity.y > 200)
        // 37 degrees off the horizontal is beyond the swipe's 30-degree tolerance.
        #expect(!player.events.contains { $0.kind == .swipe })
    }

    @Test func swipeReportsItsDirection() throws {
        var player = GesturePlayer(kioskEngine())
        player.play(
            Scenario().at(0, .down(1, 100, 150)).drag(1, from: (100, 150), to: (105, 50), startMs: 0, endMs: 100)
                .at(100, .up(1)))
        let swipe = try #require(player.events.first { $0.kind == .swipe })
        #expect(swipe.values.direction == .up)
    }

    @Test func edgePanReportsItsEdge() throws {
        var player = GesturePlayer(kioskEngine())
        player.play(
            Scenario().at(0, .down(1, 340, 100)).drag(1, from: (340, 100), to: (240, 100), startMs: 0, endMs: 200)
                .at(200, .up(1)))
        #expect(player.actions == ["edge-pan began @10", "edge-pan ended @200"])
        let began = try #require(player.events.first { $0.kind == .edgePan })
        #expect(began.values.edge == .right)
    }
}
