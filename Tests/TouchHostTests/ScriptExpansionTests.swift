import Testing
import TouchCore
@testable import TouchHost

@Suite struct ScriptExpansionTests {
    private let panel = PanelSize.scriptDefault

    private func stimuli(_ text: String, rate: Int = 100) throws -> [TimedStimulus] {
        try TouchScriptParser.parse(text).stimuli(panel: panel, rate: rate)
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
        try TouchScriptParser.parse(text).idealReports(panel: .scriptDefault, rate: rate)
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
        let touches = events.compactMap { if case .touch(let touch, let time) = $0 { (touch.phase, time) } else { nil } }
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
