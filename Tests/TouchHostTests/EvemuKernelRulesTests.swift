import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Small recordings of the kernel's edge cases, written here, through `touchhost replay --format
/// evemu`'s path: the replay has the touches the kernel reported, no more and no fewer, for any
/// device that follows the evdev rules (docs/strokes.md, "Evemu recordings").
struct KernelCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    /// The kernel's touches, worked out by hand.
    var touches: Int

    var testDescription: String { name }

    /// Protocol B, 10 units/mm: x 0..1000 is 100 mm, y 0..500 is 50 mm.
    static let slots = """
        N: Slot Panel
        A: 00 0 1000 0 0 10
        A: 01 0 500 0 0 10
        A: 2f 0 9 0 0 0
        A: 35 0 1000 0 0 10
        A: 36 0 500 0 0 10
        A: 39 0 65535 0 0 0

        """
    /// Protocol A, 10 units/mm, no slot axis.
    static let anonymous = """
        N: Report Panel
        A: 00 0 1000 0 0 10
        A: 01 0 500 0 0 10
        A: 35 0 1000 0 0 10
        A: 36 0 500 0 0 10

        """
    /// A resistive single-touch panel, 10 units/mm.
    static let single = """
        N: Single Panel
        A: 00 0 1000 0 0 10
        A: 01 0 500 0 0 10

        """

    init(_ name: String, _ header: String, touches: Int, _ events: String) {
        self.name = name
        self.text = header + events
        self.touches = touches
    }

    static let all: [KernelCase] = [
        KernelCase("B: two fingers, each lifted by tracking id -1", slots, touches: 2, """
            E: 0.000 0003 002f 0
            E: 0.000 0003 0039 5
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0000 0
            E: 0.010 0003 002f 1
            E: 0.010 0003 0039 6
            E: 0.010 0003 0035 300
            E: 0.010 0003 0036 300
            E: 0.010 0000 0000 0
            E: 0.020 0003 002f 0
            E: 0.020 0003 0039 -1
            E: 0.020 0003 002f 1
            E: 0.020 0003 0039 -1
            E: 0.020 0000 0000 0
            """),
        KernelCase("B: a slot takes a new tracking id without -1", slots, touches: 2, replacedId),
        KernelCase("B: a touch begins and lifts within one report", slots, touches: 1, briefTouch),
        KernelCase("B: -1 then the same id again in one report", slots, touches: 2, """
            E: 0.000 0003 0039 5
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0000 0
            E: 0.100 0003 0039 -1
            E: 0.100 0003 0039 5
            E: 0.100 0000 0000 0
            E: 0.200 0003 0039 -1
            E: 0.200 0000 0000 0
            """),
        KernelCase("B: the same tracking id sent again is the same touch", slots, touches: 1, """
            E: 0.000 0003 0039 5
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0000 0
            E: 0.010 0003 0039 5
            E: 0.010 0003 0035 120
            E: 0.010 0000 0000 0
            E: 0.020 0003 0039 -1
            E: 0.020 0000 0000 0
            """),
        KernelCase("B: slots 3, 259 and 1000 are three touches", slots, touches: 3, highSlots),
        KernelCase("B: BTN_TOUCH 0 does not lift a multitouch contact", slots, touches: 1, """
            E: 0.000 0003 0039 5
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0001 014a 1
            E: 0.000 0000 0000 0
            E: 0.010 0001 014a 0
            E: 0.010 0000 0000 0
            E: 0.020 0003 0035 150
            E: 0.020 0000 0000 0
            E: 0.030 0003 0039 -1
            E: 0.030 0000 0000 0
            """),
        KernelCase("B: a lift after SYN_DROPPED still lifts", slots, touches: 2, """
            E: 0.000 0003 0039 5
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0000 0
            E: 0.050 0000 0003 0
            E: 0.050 0003 0039 -1
            E: 0.050 0000 0000 0
            E: 0.100 0003 0039 6
            E: 0.100 0003 0035 500
            E: 0.100 0000 0000 0
            E: 0.150 0003 0039 -1
            E: 0.150 0000 0000 0
            """),
        KernelCase("B: a finger resting five seconds is still down", slots, touches: 1, restingFinger),
        KernelCase("B: the recording stops with a finger down", slots, touches: 1, """
            E: 0.000 0003 0039 5
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0000 0
            E: 0.010 0003 0035 110
            E: 0.010 0000 0000 0
            """),
        KernelCase("A: one finger flicking 40 mm per report", anonymous, touches: 1, """
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 250
            E: 0.000 0000 0002 0
            E: 0.000 0000 0000 0
            E: 0.010 0003 0035 500
            E: 0.010 0003 0036 250
            E: 0.010 0000 0002 0
            E: 0.010 0000 0000 0
            E: 0.020 0003 0035 900
            E: 0.020 0003 0036 250
            E: 0.020 0000 0002 0
            E: 0.020 0000 0000 0
            E: 0.030 0000 0002 0
            E: 0.030 0000 0000 0
            """),
        KernelCase("A: a finger still for two seconds, then far away", anonymous, touches: 1, """
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0002 0
            E: 0.000 0000 0000 0
            E: 2.000 0003 0035 900
            E: 2.000 0003 0036 400
            E: 2.000 0000 0002 0
            E: 2.000 0000 0000 0
            E: 2.010 0000 0000 0
            """),
        KernelCase("A: one of two fingers lifts", anonymous, touches: 2, oneOfTwoLifts),
        KernelCase("A: a report with no contact at all lifts them", anonymous, touches: 2, """
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0002 0
            E: 0.000 0000 0000 0
            E: 0.010 0001 014a 0
            E: 0.010 0000 0000 0
            E: 0.020 0003 0035 100
            E: 0.020 0003 0036 100
            E: 0.020 0000 0002 0
            E: 0.020 0000 0000 0
            E: 0.030 0000 0002 0
            E: 0.030 0000 0000 0
            """),
        KernelCase("A: tracking ids name the touches", anonymous, touches: 3, """
            E: 0.000 0003 0039 7
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0002 0
            E: 0.000 0003 0039 8
            E: 0.000 0003 0035 500
            E: 0.000 0003 0036 100
            E: 0.000 0000 0002 0
            E: 0.000 0000 0000 0
            E: 0.010 0003 0039 8
            E: 0.010 0003 0035 510
            E: 0.010 0003 0036 100
            E: 0.010 0000 0002 0
            E: 0.010 0000 0000 0
            E: 0.020 0003 0039 8
            E: 0.020 0003 0035 520
            E: 0.020 0003 0036 100
            E: 0.020 0000 0002 0
            E: 0.020 0003 0039 7
            E: 0.020 0003 0035 120
            E: 0.020 0003 0036 100
            E: 0.020 0000 0002 0
            E: 0.020 0000 0000 0
            E: 0.030 0000 0000 0
            """),
        KernelCase("A: a frame cut short by SYN_DROPPED lifts nobody", anonymous, touches: 2, """
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0002 0
            E: 0.000 0003 0035 500
            E: 0.000 0003 0036 100
            E: 0.000 0000 0002 0
            E: 0.000 0000 0000 0
            E: 0.010 0000 0003 0
            E: 0.010 0003 0035 510
            E: 0.010 0003 0036 100
            E: 0.010 0000 0002 0
            E: 0.010 0000 0000 0
            E: 0.020 0003 0035 100
            E: 0.020 0003 0036 100
            E: 0.020 0000 0002 0
            E: 0.020 0003 0035 520
            E: 0.020 0003 0036 100
            E: 0.020 0000 0002 0
            E: 0.020 0000 0000 0
            E: 0.030 0000 0000 0
            """),
        KernelCase("single touch: two presses of BTN_TOUCH", single, touches: 2, """
            E: 0.000 0001 014a 1
            E: 0.000 0003 0000 200
            E: 0.000 0003 0001 100
            E: 0.000 0000 0000 0
            E: 0.010 0003 0000 210
            E: 0.010 0000 0000 0
            E: 0.100 0001 014a 0
            E: 0.100 0000 0000 0
            E: 0.300 0001 014a 1
            E: 0.300 0003 0000 600
            E: 0.300 0000 0000 0
            E: 0.400 0001 014a 0
            E: 0.400 0000 0000 0
            """),
        KernelCase("single touch: press and release in one report", single, touches: 1, """
            E: 0.000 0001 014a 1
            E: 0.000 0003 0000 200
            E: 0.000 0003 0001 100
            E: 0.000 0001 014a 0
            E: 0.000 0000 0000 0
            """),
        KernelCase("single touch: release and press again in one report", single, touches: 2, """
            E: 0.000 0001 014a 1
            E: 0.000 0003 0000 200
            E: 0.000 0003 0001 100
            E: 0.000 0000 0000 0
            E: 0.100 0001 014a 0
            E: 0.100 0001 014a 1
            E: 0.100 0003 0000 700
            E: 0.100 0000 0000 0
            E: 0.200 0001 014a 0
            E: 0.200 0000 0000 0
            """),
        KernelCase("single touch on a device that also has multitouch axes", slots, touches: 2, """
            E: 0.000 0001 014a 1
            E: 0.000 0003 0000 200
            E: 0.000 0003 0001 100
            E: 0.000 0000 0000 0
            E: 0.100 0001 014a 0
            E: 0.100 0000 0000 0
            E: 0.300 0001 014a 1
            E: 0.300 0000 0000 0
            E: 0.400 0001 014a 0
            E: 0.400 0000 0000 0
            """),
    ]

    static let replacedId = """
        E: 0.000 0003 0039 5
        E: 0.000 0003 0035 100
        E: 0.000 0003 0036 100
        E: 0.000 0000 0000 0
        E: 0.100 0003 0039 6
        E: 0.100 0003 0035 800
        E: 0.100 0003 0036 400
        E: 0.100 0000 0000 0
        E: 0.200 0003 0039 -1
        E: 0.200 0000 0000 0
        """

    static let briefTouch = """
        E: 0.000 0003 0039 5
        E: 0.000 0003 0035 100
        E: 0.000 0003 0036 100
        E: 0.000 0003 0039 -1
        E: 0.000 0000 0000 0
        """

    static let highSlots = """
        E: 0.000 0003 002f 3
        E: 0.000 0003 0039 10
        E: 0.000 0003 0035 100
        E: 0.000 0003 0036 100
        E: 0.000 0003 002f 259
        E: 0.000 0003 0039 11
        E: 0.000 0003 0035 500
        E: 0.000 0003 0036 100
        E: 0.000 0003 002f 1000
        E: 0.000 0003 0039 12
        E: 0.000 0003 0035 900
        E: 0.000 0003 0036 100
        E: 0.000 0000 0000 0
        E: 0.010 0003 002f 259
        E: 0.010 0003 0039 -1
        E: 0.010 0000 0000 0
        E: 0.020 0003 002f 3
        E: 0.020 0003 0036 120
        E: 0.020 0000 0000 0
        E: 0.030 0003 0039 -1
        E: 0.030 0003 002f 1000
        E: 0.030 0003 0039 -1
        E: 0.030 0000 0000 0
        """

    static let restingFinger = """
        E: 0.000 0003 0039 5
        E: 0.000 0003 0035 100
        E: 0.000 0003 0036 100
        E: 0.000 0000 0000 0
        E: 5.000 0003 0035 300
        E: 5.000 0000 0000 0
        E: 5.100 0003 0039 -1
        E: 5.100 0000 0000 0
        """

    static let oneOfTwoLifts = """
        E: 0.000 0003 0035 100
        E: 0.000 0003 0036 100
        E: 0.000 0000 0002 0
        E: 0.000 0003 0035 800
        E: 0.000 0003 0036 400
        E: 0.000 0000 0002 0
        E: 0.000 0000 0000 0
        E: 0.010 0003 0035 810
        E: 0.010 0003 0036 400
        E: 0.010 0000 0002 0
        E: 0.010 0000 0000 0
        E: 0.020 0000 0002 0
        E: 0.020 0000 0000 0
        """
}

@Suite struct EvemuKernelRulesTests {
    @Test(arguments: KernelCase.all)
    func aReplayHasTheKernelsTouches(_ kernel: KernelCase) throws {
        let replay = try ProductReplay(evemu: kernel.text)
        #expect(replay.touches(.began).count == kernel.touches)
        // The reference count the real recordings are checked with agrees with the hand count.
        #expect(KernelTouchCount.touches(in: kernel.text) == kernel.touches)
        replay.checkLifecycles(kernel.name)
    }

    /// The old touch ends before its successor begins, never in the same frame.
    @Test func aTouchReplacedWithoutALiftEndsBeforeItsSuccessorBegins() throws {
        let replay = try ProductReplay(evemu: KernelCase.slots + KernelCase.replacedId)
        let touches = replay.touches
        let ended = try #require(touches.firstIndex { $0.phase == .ended })
        let second = try #require(touches.lastIndex { $0.phase == .began })
        #expect(ended < second)
        #expect(touches[ended].position == PanelPoint(x: 10, y: 10))
        #expect(touches[second].position == PanelPoint(x: 80, y: 40))
    }

    /// A contact the kernel showed for no longer than one report still began and ended.
    @Test func aTouchWithinOneReportBeginsAndEnds() throws {
        let replay = try ProductReplay(evemu: KernelCase.slots + KernelCase.briefTouch)
        #expect(replay.touches.map(\.phase) == [.began, .ended])
        #expect(replay.touches.allSatisfy { $0.position == PanelPoint(x: 10, y: 10) })
    }

    /// Slots that differ by 256 must not share a controller id (and so a touch).
    @Test func slotNumbersAbove255AreTouchesOfTheirOwn() throws {
        let replay = try ProductReplay(evemu: KernelCase.slots + KernelCase.highSlots)
        #expect(replay.mostTouchesAtOnce == 3)
        // Lifting slot 259 ends the touch at x = 50 mm, not slot 3's at 10 mm.
        let firstEnd = try #require(replay.touches.first { $0.phase == .ended })
        #expect(firstEnd.position == PanelPoint(x: 50, y: 10))
        #expect(firstEnd.trackingId == 2)
        let frames = try EvemuImporter().parse(KernelCase.slots + KernelCase.highSlots, file: "high.events").frames
        #expect(frames[0].contacts.indices.map { frames[0].contacts[$0].controllerId } == [0, 1, 2])
    }

    /// Evdev sends nothing while nothing changes: silence never ends or cancels a touch.
    @Test func aFingerRestingFiveSecondsStaysOneTouch() throws {
        let replay = try ProductReplay(evemu: KernelCase.slots + KernelCase.restingFinger)
        #expect(replay.touches(.cancelled).isEmpty)
        let ended = try #require(replay.events.first { if case .touch(let t, _, _) = $0 { t.phase == .ended } else { false } })
        #expect(ended.time == 5_100_000)
        #expect(replay.startedGestures.contains("long-press"))
    }

    /// Protocol A: the finger that is missing from the frame is the one that lifted.
    @Test func theAnonymousContactMissingFromAFrameIsTheOneThatLifted() throws {
        let replay = try ProductReplay(evemu: KernelCase.anonymous + KernelCase.oneOfTwoLifts)
        let ended = replay.touches(.ended)
        #expect(ended.count == 2)
        #expect(ended.first?.position == PanelPoint(x: 10, y: 10))
        #expect(ended.last?.position == PanelPoint(x: 81, y: 40))
    }

    /// A recording that stops with a finger down says nothing of its lift: it is cancelled.
    @Test func aTouchStillDownAtTheEndIsCancelled() throws {
        let replay = try ProductReplay(evemu: KernelCase.slots + """
            E: 0.000 0003 0039 5
            E: 0.000 0003 0035 100
            E: 0.000 0003 0036 100
            E: 0.000 0000 0000 0
            E: 0.010 0003 0035 110
            E: 0.010 0000 0000 0
            """)
        #expect(replay.touches(.cancelled).count == 1)
        #expect(replay.touches(.ended).isEmpty)
    }

    /// Evdev sends a slot's coordinate only when it changes, and a recording does not start with
    /// the slots' state: a coordinate not yet seen is the one the slot reports later.
    @Test func aSlotCoordinateNotYetReportedIsTheOneReportedLater() throws {
        let replay = try ProductReplay(evemu: KernelCase.slots + """
            E: 0.000 0003 002f 1
            E: 0.000 0003 0039 6
            E: 0.000 0003 0036 200
            E: 0.000 0000 0000 0
            E: 0.010 0003 0036 210
            E: 0.010 0000 0000 0
            E: 0.020 0003 0035 400
            E: 0.020 0000 0000 0
            E: 0.030 0003 0039 -1
            E: 0.030 0000 0000 0
            """)
        #expect(replay.touches.first?.position == PanelPoint(x: 40, y: 20))
    }
}
