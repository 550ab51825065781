import Testing
import TouchCore
@testable import TouchHost

@Suite struct ScriptExpansionTests {
    private let panel = PanelSize.scriptDefault

    private func stimuli(_ text: String, rate: Int = 100) throws -> [TimedStimulus] {
        Array(try TouchScriptParser.parse(text).stimuli(panel: panel, rate: rate))
    }

    @Test func tapLiftsSixtyMillisecondsAfterItTouches() throws {
        let events = try stimuli("1s tap 150 100")
        #expect(events.map(\.time) == [1_000_000, 1_060_000])
        #expect(events.map(\.stimulus.action) == [.down, .up])
        #expect(events[0].stimulus.position == PanelPoint(x: 150, y: 100))
    }

    @Test func multiFingerTapPlacesFingersSideBySideAroundThePoint() throws {
        let downs = try stimuli("0ms tap 150 100 fingers 2 spread 20").filter { $0.stimulus.action == .down }
        #expect(downs.map(\.stimulus.position.x) == [140, 160])
        #expect(Set(downs.map(\.stimulus.finger)).count == 2)
    }

    @Test func dragMovesOnceEveryReportPeriodAndEndsExactlyOnTarget() throws {
        let events = try stimuli("0ms drag from 0 50 to 100 50 in 100ms", rate: 100)
        let moves = events.filter { $0.stimulus.action == .move }
        #expect(moves.map(\.time) == Array(stride(from: 10_000, through: 100_000, by: 10_000)))
        #expect(moves[0].stimulus.position.x == 10)
        #expect(events.last?.stimulus.action == .up)
        #expect(events.last?.time == 100_000)
        #expect(events.last?.stimulus.position == PanelPoint(x: 100, y: 50))
    }

    @Test func pinchChangesTheDistanceBetweenTwoFingers() throws {
        let events = try stimuli("0ms pinch at 150 100 from 40 to 120 in 200ms")
        let first = events.filter { $0.time == 0 }.map(\.stimulus.position)
        let last = events.filter { $0.time == 200_000 && $0.stimulus.action == .up }.map(\.stimulus.position)
        #expect(first[0].distance(to: first[1]) == 40)
        #expect(abs(last[0].distance(to: last[1]) - 120) < 0.01)
    }

    @Test func rotateTurnsTheFingersClockwiseOnScreen() throws {
        let events = try stimuli("0ms rotate at 100 100 radius 40 by 90 in 300ms")
        let ends = events.filter { $0.stimulus.action == .up }.map(\.stimulus.position)
        // The finger that started on the right (angle 0) ends below the centre: clockwise with y down.
        #expect(ends.contains { abs($0.x - 100) < 0.01 && abs($0.y - 140) < 0.01 })
        #expect(ends.contains { abs($0.x - 100) < 0.01 && abs($0.y - 60) < 0.01 })
    }

    @Test func pathWalksThePolylineAtConstantSpeed() throws {
        let events = try stimuli("0ms path 0 0, 10 0, 10 10 in 200ms", rate: 10)
        let halfway = try #require(events.first { $0.time == 100_000 })
        #expect(halfway.stimulus.position == PanelPoint(x: 10, y: 0))
    }

    @Test(arguments: [
        (ScreenEdge.left, PanelPoint(x: 1, y: 100), PanelPoint(x: 80, y: 100)),
        (.right, PanelPoint(x: 344, y: 100), PanelPoint(x: 265, y: 100)),
        (.top, PanelPoint(x: 100, y: 1), PanelPoint(x: 100, y: 80)),
        (.bottom, PanelPoint(x: 100, y: 193), PanelPoint(x: 100, y: 114)),
    ])
    func edgeStrokesStartJustInsideTheEdgeAndMoveInward(edge: ScreenEdge, from: PanelPoint, to: PanelPoint) throws {
        let name = edge.jsonName
        let events = try stimuli("0ms edge \(name) at 100 inward 80 in 250ms")
        #expect(events.first?.stimulus.position == from)
        #expect(events.last?.stimulus.position == to)
    }

    @Test func holdStaysDownForItsDuration() throws {
        let events = try stimuli("2s hold 10 10 for 800ms")
        #expect(events.map(\.time) == [2_000_000, 2_800_000])
    }

    @Test func overlappingGesturesNeverShareAFingerNorBorrowAScriptedOne() throws {
        let events = try stimuli("0ms down 1 10 10\n0ms hold 50 50 for 500ms\n100ms tap 90 90\n600ms up 1\n700ms tap 5 5")
        let holdFinger = events.first { $0.stimulus.position == PanelPoint(x: 50, y: 50) }?.stimulus.finger
        let tapFinger = events.first { $0.stimulus.position == PanelPoint(x: 90, y: 90) }?.stimulus.finger
        #expect(holdFinger != 1 && tapFinger != 1 && holdFinger != tapFinger)
    }

    @Test func cancelLiftsEveryFinger() throws {
        let events = try stimuli("0ms down 1 1 1\n10ms cancel")
        #expect(events.last?.stimulus.action == .liftAll)
    }
}

@Suite struct IdealReportTests {
    private func reports(_ text: String, rate: Int = 100) throws -> [ReplayItem] {
        Array(try TouchScriptParser.parse(text).idealReports(panel: .scriptDefault, rate: rate))
    }

    private func frames(_ items: [ReplayItem]) -> [ContactFrame] {
        items.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }
    }

    @Test func aHeldFingerIsReportedEveryPeriodUntilItsUp() throws {
        let frames = frames(try reports("0ms down 1 10 20\n50ms up 1"))
        #expect(frames.map(\.timestamp) == [0, 10_000, 20_000, 30_000, 40_000, 50_000])
        #expect(frames.map { $0.contacts[0].state } == [.down, .move, .move, .move, .move, .up])
        #expect(frames.allSatisfy { $0.contacts[0].controllerId == 1 })
        #expect(frames.last?.contacts[0].position == PanelPoint(x: 10, y: 20))
    }

    @Test func reportsArePlacedAtEveryActionTime() throws {
        let frames = frames(try reports("0ms down 1 0 0\n15ms move 1 5 0\n20ms up 1"))
        #expect(frames.map(\.timestamp) == [0, 10_000, 15_000, 20_000])
        #expect(frames[2].contacts[0].position == PanelPoint(x: 5, y: 0))
    }

    @Test func aTapIsAFullDownUpSequence() throws {
        let frames = frames(try reports("1s tap 150 100"))
        #expect(frames.first?.timestamp == 1_000_000)
        #expect(frames.first?.contacts[0].state == .down)
        #expect(frames.last?.timestamp == 1_060_000)
        #expect(frames.last?.contacts[0].state == .up)
        #expect(frames.allSatisfy { $0.sequence == nil })
    }

    @Test func controllerReportsPassThroughAsWritten() throws {
        let frames = frames(try reports("8s report seq 120 [3 down 120 80] [4 down 140 80]\n8.064s report seq 124 [4 up 140 80]\n8.08s report"))
        #expect(frames.map(\.timestamp) == [8_000_000, 8_064_000, 8_080_000])
        #expect(frames.map(\.sequence) == [120, 124, nil])
        #expect(frames[0].contacts.count == 2)
        #expect(frames[1].contacts[0].controllerId == 4 && frames[1].contacts[0].state == .up)
        #expect(frames[2].contacts.isEmpty)
    }

    @Test(arguments: [
        ("0ms down 1 10 10", [Microseconds(0)]),
        ("0ms down 1 10 10\n30ms move 1 20 10", [0, 10_000, 20_000, 30_000]),
        ("0ms down 1 10 10\n0ms down 2 30 10\n20ms up 2", [0, 10_000, 20_000]),
    ])
    func aFingerStillDownAtTheEndIsNoLongerReportedAfterTheLastAction(text: String, times: [Microseconds]) throws {
        let frames = frames(try reports(text))
        #expect(frames.map(\.timestamp) == times)
        #expect(frames.last?.contacts.count ?? 0 > 0)
    }

    @Test func anUpOwedAtTheEndStillGetsItsReport() throws {
        // Down and up at the same time: the down is reported first, so the up needs one more report.
        let frames = frames(try reports("0ms down 1 10 10\n0ms up 1"))
        #expect(frames.map(\.timestamp) == [0, 10_000])
        #expect(frames.map { $0.contacts[0].state } == [.down, .up])
    }

    @Test func aFingerLeftDownAtTheEndIsCancelledByTheReportTimeout() throws {
        // Replayed as `touchhost replay` replays it: the last report is at 20 ms, and a streaming
        // controller that goes silent with a finger down has stalled.
        let source = try ReplaySource.script("0ms down 1 10 10\n20ms move 1 12 10", name: "left-down.touch")
        var events: [HostEvent] = []
        ReplayDriver.run(source, recognizers: .kiosk) { events.append($0) }
        let timeout = source.tracker.reportTimeout
        let touches = events.compactMap { if case .touch(let touch, let time, _) = $0 { (touch.phase, time) } else { nil } }
        #expect(touches.first?.0 == .began)
        #expect(touches.last?.0 == .cancelled)
        #expect(touches.last?.1 == 20_000 + timeout)
        #expect(!touches.contains { $0.0 == .ended })
        #expect(events.contains(.status(StatusEvent(kind: .reportTimeout, timestamp: 20_000 + timeout, count: 1))))
    }

    @Test func cancelGoesToTheTrackerAtItsTime() throws {
        let items = try reports("0ms down 1 1 1\n25ms cancel")
        guard case .cancel(let time) = items.last else {
            Issue.record("expected a cancel last")
            return
        }
        #expect(time == 25_000)
        #expect(frames(items).map(\.timestamp) == [0, 10_000, 20_000])
    }
}

/// Expansion is lazy: a script's finger actions and reports are made as they are taken, so what
/// a long script costs is the time to play it, never memory. Each of these scripts expands to tens
/// of millions of reports; made up front they took gigabytes (issue 12).
@Suite struct LazyExpansionTests {
    static let dayLong = [
        "rate 1000\n0ms hold 100 100 for 86399s",
        "rate 1000\n0ms drag from 0 0 to 300 190 in 86399s fingers 20",
        "rate 1000\n0ms down 1 10 10\n86399s up 1",
        "rate 1000\n0ms path 0 0, 300 190, 0 190 in 86000s\n10s hold 5 5 for 86000s fingers 3",
        "rate 1000\n0ms rotate at 100 100 radius 40 by 3600 in 86400s\n0ms pinch at 200 100 from 10 to 200 in 86400s",
    ]

    @Test(arguments: dayLong)
    func aDayLongScriptsFirstReportsComeWithoutTheRest(text: String) throws {
        let script = try TouchScriptParser.parse(text)
        var reports = script.idealReports(panel: .scriptDefault, rate: try #require(script.reportRate)).makeIterator()
        var times: [Microseconds] = []
        for _ in 0..<5_000 {
            let report = reports.next()
            times.append(try #require(report).time)
        }
        #expect(times == Array(stride(from: 0, to: 5_000_000, by: 1_000)))
    }

    @Test(arguments: dayLong)
    func aDayLongScriptsFirstFingerActionsComeWithoutTheRest(text: String) throws {
        let script = try TouchScriptParser.parse(text)
        var actions = script.stimuli(panel: .scriptDefault, rate: try #require(script.reportRate)).makeIterator()
        var last: Microseconds = 0
        var count = 0
        while count < 5_000, let action = actions.next() {
            #expect(action.time >= last)
            last = action.time
            count += 1
        }
        // A hold or a down and an up are two actions; a moving gesture's first 5 000 come within seconds.
        #expect(count == 2 || last < 10_000_000)
    }

    /// A cancel lifts every finger, so the gestures under way end with it: a day-long rotate and
    /// path cancelled after 400 ms leave no actions behind. (Found by fuzzing `replay-script`:
    /// their day of moves for fingers no longer down was made, and skipped, before the next action,
    /// which held `replay` for minutes.)
    @Test(arguments: [
        "rate 120\n1ms rotate at 0 0 radius 100 by -3600 in 86399s\n2ms path 0 0, 100 100, 0 100 in 86000s\n400ms cancel\n500ms tap 50 50",
        "rate 1000\n0ms drag from 0 0 to 300 190 in 86399s fingers 20\n1s cancel\n2s tap 50 50",
    ])
    func aCancelEndsTheGesturesUnderWay(text: String) throws {
        let script = try TouchScriptParser.parse(text)
        let rate = try #require(script.reportRate)
        var actions = script.stimuli(panel: .scriptDefault, rate: rate).makeIterator()
        var afterCancel: [FingerAction] = []
        var cancelled = false
        while let action = actions.next() {
            if cancelled { afterCancel.append(action.stimulus.action) }
            if action.stimulus.action == .liftAll { cancelled = true }
            #expect(afterCancel.count <= 2, "actions go on after the cancel")
            if afterCancel.count > 2 { break }
        }
        #expect(afterCancel == [.down, .up], "only the tap after the cancel: \(afterCancel)")
        guard afterCancel == [.down, .up] else { return }
        let items = Array(script.idealReports(panel: .scriptDefault, rate: rate))
        #expect(items.last.map { $0.time < 3_000_000 } == true)
    }

    /// The emulator takes a script's actions one at a time as their times come.
    @Test func theEmulatorsFeedMakesOnlyTheNextAction() throws {
        let script = try TouchScriptParser.parse(Self.dayLong[1])
        var feed = StimulusFeed(script, panel: .scriptDefault, rate: 120)
        var count = 0
        while let due = feed.upcoming, due.time < 2_000_000 {
            feed.advance()
            count += 1
        }
        // 20 fingers down, then a move for each every millisecond: the script's own rate.
        #expect(count == 20 * 2_000)
    }

    /// No rate makes the report period zero, which would make expansion loop forever: the period is
    /// that of the fastest rate a script may name, whatever a caller asks.
    @Test(arguments: [2_000_000, 1_000_001, Int.max])
    func noRateMakesTheReportPeriodZero(rate: Int) throws {
        let script = try TouchScriptParser.parse("0ms hold 1 1 for 20ms\n5ms drag from 0 0 to 10 10 in 10ms")
        let times = Array(script.idealReports(panel: .scriptDefault, rate: rate)).map(\.time)
        #expect(times == Array(stride(from: 0, through: 20_000, by: 1_000)))
        #expect(TouchScript.reportPeriod(rate: rate) == 1_000)
    }

    @Test(arguments: [0, -5, Int.min])
    func aRateBelowOneIsOneReportASecond(rate: Int) {
        #expect(TouchScript.reportPeriod(rate: rate) == 1_000_000)
    }

    /// Gestures under way and statements that start while they run come out in time order; at one
    /// instant, in the script's order.
    @Test func gesturesUnderWayAndLaterStatementsMergeInTimeOrder() throws {
        let events = try TouchScriptParser.parse(
            "0ms hold 10 10 for 100ms\n0ms drag from 0 50 to 100 50 in 100ms\n50ms tap 20 20\n60ms down 9 1 1"
        ).stimuli(panel: .scriptDefault, rate: 40)
        let expected: [(Microseconds, UInt8, FingerAction)] = [
            (0, 1, .down), (0, 2, .down), (25_000, 2, .move), (50_000, 2, .move), (50_000, 3, .down), (60_000, 9, .down),
            (75_000, 2, .move), (100_000, 1, .up), (100_000, 2, .move), (100_000, 2, .up), (110_000, 3, .up),
        ]
        #expect(events.map { "\($0.time) \($0.stimulus.finger) \($0.stimulus.action)" } == expected.map { "\($0.0) \($0.1) \($0.2)" })
    }

    /// Finding a position on a long path halves the points rather than walking them.
    @Test(arguments: [0, 0.25, 0.5, 0.999, 1])
    func aLongPathIsWalkedAtConstantSpeed(progress: Float) throws {
        let points = (0...9_999).map { PanelPoint(x: Float($0), y: 0) }
        let walk = PolylineWalk(points)
        let point = walk.point(at: progress)
        #expect(abs(point.x - progress * 9_999) < 0.01)
        #expect(point.y == 0)
    }
}
