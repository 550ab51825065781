import Testing
import TouchCore

/// The soak runs and the fuzz targets are only as good as their checker: each broken promise must
/// be caught.
@Suite struct SoakInvariantsTests {
    static func touch(_ id: UInt32, slot: UInt8, _ phase: TouchPhase) -> TrackedTouch {
        TrackedTouch(trackingId: id, slot: slot, phase: phase, position: .zero, startPosition: .zero, startTime: 0)
    }

    static func frame(_ touches: TrackedTouch...) -> TouchFrame {
        var frame = TouchFrame(timestamp: 0)
        for touch in touches { frame.touches.append(touch) }
        return frame
    }

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var frames: [TouchFrame]
    }

    @Test(arguments: [
        Case(description: "an id reused after it ended", frames: [
            frame(touch(5, slot: 0, .began)), frame(touch(5, slot: 0, .ended)), frame(touch(5, slot: 0, .began)),
        ]),
        Case(description: "a touch ended twice", frames: [
            frame(touch(1, slot: 0, .began)), frame(touch(1, slot: 0, .ended)), frame(touch(1, slot: 0, .cancelled)),
        ]),
        Case(description: "two live touches in one slot", frames: [
            frame(touch(1, slot: 3, .began), touch(2, slot: 3, .began)),
        ]),
        Case(description: "a touch moving without a began", frames: [frame(touch(9, slot: 0, .moved))]),
        Case(description: "a live touch left out of the report's frame", frames: [
            frame(touch(1, slot: 0, .began), touch(2, slot: 1, .began)), frame(touch(1, slot: 0, .moved)),
        ]),
        Case(description: "more live touches than slots", frames: [
            frame(touch(1, slot: 0, .began), touch(2, slot: 1, .began), touch(3, slot: 2, .began)),
        ]),
        Case(description: "tracking id 0", frames: [frame(touch(0, slot: 0, .began))]),
    ])
    func brokenPromisesAreCaught(_ broken: Case) {
        var invariants = TouchStreamInvariants(capacity: 2)
        for frame in broken.frames { Self.report(frame, to: &invariants) }
        #expect(!invariants.isClean)
    }

    /// Each frame as a report's own frame: it must list every live touch.
    static func report(_ frame: TouchFrame, to invariants: inout TouchStreamInvariants) {
        invariants.reportBegins()
        invariants.check(frame)
        invariants.checkReportListedEveryLiveTouch()
    }

    @Test func aWellFormedStreamPasses() {
        var invariants = TouchStreamInvariants(capacity: 2)
        Self.report(Self.frame(Self.touch(2, slot: 1, .began), Self.touch(1, slot: 0, .began)), to: &invariants)
        Self.report(Self.frame(Self.touch(2, slot: 1, .ended), Self.touch(1, slot: 0, .stationary)), to: &invariants)
        // A step of time lists only what ended.
        invariants.check(Self.frame(Self.touch(1, slot: 0, .cancelled)))
        invariants.checkLiveCount(0)
        invariants.checkSettled()
        #expect(invariants.isClean, "\(invariants.violations)")
        #expect(invariants.began == 2 && invariants.ended == 1 && invariants.cancelled == 1)
    }

    @Test func aReportThatGivesNoFrameWhileATouchIsLiveIsCaught() {
        var invariants = TouchStreamInvariants(capacity: 2)
        Self.report(Self.frame(Self.touch(1, slot: 0, .began)), to: &invariants)
        invariants.reportBegins()
        invariants.checkReportListedEveryLiveTouch()
        #expect(!invariants.isClean)
    }

    @Test func aCountThatDisagreesWithTheStreamIsCaught() {
        var invariants = TouchStreamInvariants(capacity: 2)
        Self.report(Self.frame(Self.touch(1, slot: 0, .began)), to: &invariants)
        invariants.checkLiveCount(0, of: "the pipeline")
        #expect(invariants.violations.first?.hasPrefix("the pipeline says 0 live") == true, "\(invariants.violations)")
    }

    @Test func aTouchLeftLiveAtTheEndIsCaught() {
        var invariants = TouchStreamInvariants(capacity: 2)
        Self.report(Self.frame(Self.touch(1, slot: 0, .began)), to: &invariants)
        invariants.checkSettled()
        #expect(!invariants.isClean)
    }

    static func action(_ recognizer: UInt8, _ state: GestureActionState) -> GestureEvent {
        GestureEvent(recognizer: recognizer, kind: .pan, state: state, timestamp: 0, location: .zero, touches: 1)
    }

    @Test(arguments: [
        ("a gesture that began twice", [action(0, .began), action(0, .began)]),
        ("a change before the gesture began", [action(1, .changed)]),
        ("a gesture ended twice", [action(0, .began), action(0, .ended), action(0, .cancelled)]),
        ("a discrete recognition inside its own gesture", [action(2, .began), action(2, .recognized)]),
    ])
    func brokenGesturePromisesAreCaught(_ description: String, _ actions: [GestureEvent]) {
        var gestures = GestureStreamInvariants()
        for action in actions { gestures.check(action) }
        #expect(!gestures.isClean, "\(description)")
    }

    @Test func aGestureStillUnderWayWhenNothingIsLiveIsCaught() {
        var gestures = GestureStreamInvariants()
        gestures.check(Self.action(0, .began))
        gestures.checkNothingUnderway(at: "at the end")
        #expect(!gestures.isClean)
    }

    @Test func aWellFormedGestureStreamPasses() {
        var gestures = GestureStreamInvariants()
        for action in [Self.action(0, .began), Self.action(1, .recognized), Self.action(0, .changed), Self.action(0, .cancelled),
                       Self.action(0, .began), Self.action(0, .ended)] {
            gestures.check(action)
        }
        gestures.checkNothingUnderway(at: "at the end")
        #expect(gestures.isClean, "\(gestures.violations)")
        #expect(gestures.cancelled == 1)
    }
}
