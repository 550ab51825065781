import Testing
import TouchCore

@Suite struct TrackingFaultTests {
    struct Rate: CustomTestStringConvertible {
        let hz: Int
        let timeoutMilliseconds: Double
        var testDescription: String { "\(hz) Hz" }
    }

    struct Silence: CustomTestStringConvertible {
        let rule: SilenceRule
        let hz: Int
        let timeoutMilliseconds: Double
        let phase: TouchPhase
        var testDescription: String { "\(rule) at \(hz) Hz" }
    }

    // max(100 ms, 8 report intervals): 100 ms at 120 Hz, 8 x 33.3 ms at 30 Hz. A streaming
    // controller that stalls has its touches cancelled; a legacy one that loses lifts ends them.
    @Test(arguments: [
        Silence(rule: .cancelsTouches, hz: 120, timeoutMilliseconds: 100, phase: .cancelled),
        Silence(rule: .cancelsTouches, hz: 30, timeoutMilliseconds: 266.664, phase: .cancelled),
        Silence(rule: .endsTouches, hz: 120, timeoutMilliseconds: 100, phase: .ended),
    ])
    func reportsStoppingWithAFingerDownReleaseTheTouchAfterTheReportTimeoutByTheSilenceRule(_ silence: Silence) throws {
        var probe = TrackerProbe(TrackerConfiguration(reportRateHz: silence.hz, silence: silence.rule))
        probe.feed(report(at: 0, contact(1, .down, 10, 10)))
        probe.feed(report(at: 10, contact(1, .move, 11, 10)))
        let due = probe.tracker.nextDeadline
        let deadline = try #require(due)
        #expect(deadline == Microseconds((10 + silence.timeoutMilliseconds) * 1000))
        #expect(probe.advance(toMilliseconds: 9 + silence.timeoutMilliseconds).touches.isEmpty)
        #expect(probe.statuses(.reportTimeout).isEmpty)
        let released = probe.advance(toMilliseconds: 10 + silence.timeoutMilliseconds)
        #expect(released.all.map(\.phase) == [silence.phase])
        #expect(probe.statuses(.reportTimeout).map(\.count) == [1])
        #expect(probe.tracker.liveTouchCount == 0)
        #expect(probe.tracker.nextDeadline == nil)
    }

    @Test(arguments: [1_000.0, 60_000.0])
    func anEventDrivenSourceHoldsARestingTouchThroughAnySilence(_ milliseconds: Double) throws {
        var probe = TrackerProbe(.eventDriven())
        probe.feed(report(at: 0, contact(1, .down, 10, 10)))
        #expect(probe.tracker.nextDeadline == nil)
        #expect(probe.advance(toMilliseconds: milliseconds).touches.isEmpty)
        let frames = probe.feed(report(at: milliseconds, contact(1, .move, 40, 10)))
        #expect(frames.count == 1)
        #expect(frames.last?.touches(.moved).count == 1)
        #expect(probe.statuses(.reportTimeout).isEmpty)
    }

    @Test func aReportArrivingAfterTheTimeoutEndsTheStaleTouchInItsOwnFrameFirst() throws {
        var probe = TrackerProbe()
        let old = try #require(probe.feed(report(at: 0, contact(1, .down, 10, 10))).last?.touches(.began).first)
        let frames = probe.feed(report(at: 500, contact(1, .down, 10, 10)))
        try #require(frames.count == 2)
        #expect(frames[0].all.map(\.trackingId) == [old.trackingId])
        #expect(frames[1].touches(.began).count == 1)
        #expect(probe.statuses(.reportTimeout).map(\.count) == [1])
    }

    struct Gap: CustomTestStringConvertible {
        let from: UInt32
        let to: UInt32
        let lost: UInt32
        var testDescription: String { "\(from) -> \(to)" }
    }

    @Test(arguments: [Gap(from: 10, to: 15, lost: 4), Gap(from: 65534, to: 2, lost: 3), Gap(from: 65535, to: 0, lost: 0)])
    func sequenceGapsReportLostFramesAcrossTheWrap(_ gap: Gap) {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, seq: gap.from, contact(1, .down, 10, 10)))
        let frames = probe.feed(report(at: 8, seq: gap.to, contact(1, .move, 12, 10)))
        #expect(probe.statuses(.framesLost).map(\.count) == (gap.lost == 0 ? [] : [gap.lost]))
        #expect(probe.statuses(.deviceReset).isEmpty)
        // A nearby finger after a short gap is still the same touch.
        #expect(frames.count == 1 && frames[0].all.map(\.phase) == [.moved])
    }

    @Test func afterAGapAFarReturningIdEndsInAFrameOfItsOwnBeforeTheNewTouchBegins() throws {
        var probe = TrackerProbe()
        let old = try #require(probe.feed(report(at: 0, seq: 100, contact(3, .down, 120, 80), contact(4, .down, 140, 80))).last)
        probe.feed(report(at: 8, seq: 101, contact(3, .move, 121, 80), contact(4, .move, 140, 80)))
        let frames = probe.feed(report(at: 40, seq: 105, contact(3, .down, 300, 150), contact(4, .move, 141, 80)))
        #expect(probe.statuses(.framesLost).map(\.count) == [3])
        try #require(frames.count == 2)
        let three = old.all[0].trackingId
        let four = old.all[1].trackingId
        #expect(frames[0].all.map(\.trackingId) == [three])
        #expect(frames[0].all.map(\.phase) == [.ended])
        #expect(frames[1].touch(three) == nil)
        #expect(frames[1].touch(four)?.phase == .moved)
        #expect(frames[1].touches(.began).map(\.position) == [PanelPoint(x: 300, y: 150)])
    }

    @Test(arguments: [UInt32(0), 3])
    func sequenceRestartCancelsLiveTouchesAsADeviceReset(_ restartedAt: UInt32) throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, seq: 4000, contact(1, .down, 10, 10), contact(2, .down, 80, 10)))
        let frames = probe.feed(report(at: 8, seq: restartedAt, contact(1, .down, 10, 10)))
        try #require(frames.count == 2)
        #expect(frames[0].all.map(\.phase) == [.cancelled, .cancelled])
        #expect(frames[1].all.map(\.phase) == [.began])
        #expect(probe.statuses(.deviceReset).map(\.count) == [2])
        #expect(probe.statuses(.framesLost).isEmpty)
    }

    @Test func contactsBeyondCapacityAreDroppedAsOverflowWithoutDisturbingTheOthers() throws {
        var probe = TrackerProbe(TrackerConfiguration(capacity: 3))
        probe.feed(report(at: 0, contact(1, .down, 10, 10), contact(2, .down, 20, 10)))
        var crowded = report(at: 8, contact(1, .move, 11, 10), contact(2, .move, 21, 10))
        for id in UInt8(3)...6 { crowded.add(contact(id, .down, Float(id) * 30, 50)) }
        crowded.droppedContacts = 2
        let frame = try #require(probe.feed(crowded).last)
        #expect(frame.touches.count == 3)
        #expect(frame.touches(.moved).map(\.position) == [PanelPoint(x: 11, y: 10), PanelPoint(x: 21, y: 10)])
        #expect(frame.touches(.began).map(\.position) == [PanelPoint(x: 90, y: 50)])
        // Three contacts found no slot, two never reached the tracker.
        #expect(probe.statuses(.overflow).map(\.count) == [5])
        let next = try #require(probe.feed(report(at: 16, contact(1, .move, 12, 10), contact(2, .move, 22, 10))).last)
        #expect(next.touches(.moved).count == 2 && next.touches(.ended).count == 1)
    }

    @Test func endingsThatDoNotFitBesideAFullFrameGoFirstInAFrameOfTheirOwn() throws {
        var probe = TrackerProbe()
        var full = report(at: 0)
        for id in UInt8(0)..<20 { full.add(contact(id, .down, Float(id) * 10, 10)) }
        probe.feed(full)
        // Three lift and three new ids take their places: 20 live plus 3 endings cannot share a frame.
        var swap = report(at: 8)
        for id in UInt8(3)..<20 { swap.add(contact(id, .move, Float(id) * 10, 10)) }
        for id in UInt8(20)..<23 { swap.add(contact(id, .down, Float(id) * 10, 50)) }
        let frames = probe.feed(swap)
        try #require(frames.count == 2)
        #expect(frames[0].all.map(\.phase) == [.ended, .ended, .ended])
        #expect(frames[1].touches.count == 20 && frames[1].touches(.began).count == 3)
    }

    @Test func theSingleFrameFormHoldsTheSecondFrameUntilItIsTaken() throws {
        var tracker = SingleFrameTracker(configuration: TrackerConfiguration())
        var output = TouchFrame(timestamp: 0)
        var statuses = StatusList(filler: .placeholder)
        tracker.track(report(at: 0, contact(1, .down, 10, 10)), into: &output, statuses: &statuses)
        #expect(!tracker.hasPendingFrame)
        tracker.track(report(at: 8, contact(1, .down, 200, 100)), into: &output, statuses: &statuses)
        #expect(output.touches.count == 1 && output.touches[0].phase == .ended)
        #expect(tracker.hasPendingFrame)
        var second = TouchFrame(timestamp: 0)
        let took = tracker.takePendingFrame(into: &second)
        #expect(took)
        #expect(second.touches.count == 1 && second.touches[0].phase == .began)
        let tookAgain = tracker.takePendingFrame(into: &second)
        #expect(!tracker.hasPendingFrame && !tookAgain)
    }

    @Test func trackingIdsKeepGrowingAcrossResetsAndCancels() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, seq: 9000, contact(1, .down, 10, 10)))
        probe.cancelAll(atMilliseconds: 5)
        probe.feed(report(at: 8, seq: 1, contact(1, .down, 10, 10)))
        probe.feed(report(at: 16, seq: 0, contact(1, .down, 10, 10)))
        let ids = probe.frames.flatMap { $0.touches(.began) }.map(\.trackingId)
        #expect(ids.count == 3 && Set(ids).count == 3 && ids == ids.sorted())
        // The reconnect forgot the old count: seq 1 after the cancel is not a restart, seq 0 after 1 is.
        #expect(probe.statuses(.deviceReset).count == 1)
    }

    @Test func aFullReportThatDroppedContactsDoesNotLiftTheTouchesItLeftOut() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, contact(1, .down, 10, 10), contact(2, .down, 60, 10)))
        var crowded = report(at: 8, contact(1, .move, 11, 10))
        crowded.droppedContacts = 1
        let frame = try #require(probe.feed(crowded).last)
        #expect(frame.touches(.ended).isEmpty)
        #expect(frame.touches(.stationary).map(\.position) == [PanelPoint(x: 60, y: 10)])
        #expect(probe.statuses(.overflow).map(\.count) == [1])
    }

    /// The controller-level example of contracts.md section 2, report by report.
    @Test func theContractsControllerScriptLosesTwoFramesAndGivesThreeTouches() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 8000, seq: 120, contact(3, .down, 120, 80), contact(4, .down, 140, 80)))
        probe.feed(report(at: 8016, seq: 121, contact(3, .move, 121, 80), contact(4, .move, 140, 80)))
        let gap = try #require(probe.feed(report(at: 8064, seq: 124, contact(4, .up, 140, 80))).last)
        let again = try #require(probe.feed(report(at: 8080, contact(3, .down, 300, 150))).last)
        #expect(probe.statuses(.framesLost).map(\.count) == [2])
        #expect(gap.touches(.ended).count == 2 && probe.tracker.liveTouchCount == 1)
        #expect(again.all.map(\.phase) == [.began])
        let began = probe.frames.flatMap { $0.touches(.began) }.map(\.trackingId)
        let ended = probe.frames.flatMap { $0.touches(.ended) }.map(\.trackingId)
        #expect(began.count == 3 && Set(began).count == 3 && Set(ended).isSubset(of: Set(began)))
    }
}
