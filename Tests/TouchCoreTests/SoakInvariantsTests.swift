import Testing
import TouchCore

/// The soak runs and the decode-track fuzz target are only as good as their checker: each broken
/// promise must be caught.
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
        for frame in broken.frames { invariants.check(frame, listsEveryLiveTouch: true) }
        #expect(!invariants.isClean)
    }

    @Test func aWellFormedStreamPasses() {
        var invariants = TouchStreamInvariants(capacity: 2)
        invariants.check(Self.frame(Self.touch(2, slot: 1, .began), Self.touch(1, slot: 0, .began)), listsEveryLiveTouch: true)
        invariants.check(Self.frame(Self.touch(2, slot: 1, .ended), Self.touch(1, slot: 0, .stationary)), listsEveryLiveTouch: true)
        invariants.check(Self.frame(Self.touch(1, slot: 0, .cancelled)), listsEveryLiveTouch: false)
        #expect(invariants.isClean, "\(invariants.violations)")
        #expect(invariants.began == 2 && invariants.ended == 1 && invariants.cancelled == 1)
    }
}
