import Testing
import TouchCore

@Suite struct TrackingIdentityTests {
    @Test func idReusedRightAfterItsLiftGetsANewTrackingId() throws {
        var probe = TrackerProbe()
        let first = try #require(probe.feed(report(at: 0, contact(1, .down, 100, 100))).last?.touches(.began).first)
        probe.feed(report(at: 8, contact(1, .up, 100, 100)))
        let second = try #require(probe.feed(report(at: 16, contact(1, .down, 100, 100))).last?.touches(.began).first)
        #expect(second.trackingId != first.trackingId)
        #expect(probe.frames[1].touch(first.trackingId)?.phase == .ended)
    }

    enum LostLift: CaseIterable { case farAway, afterATimeGap }

    @Test(arguments: LostLift.allCases)
    func lostLiftEndsTheOldTouchAndBeginsANewOne(_ kind: LostLift) throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, full: false, contact(4, .down, 50, 50)))
        probe.feed(report(at: 8, full: false, contact(4, .move, 52, 50)))
        // No up for id 4, then it is reported again: far away at once, or nearby after a silence.
        let again = kind == .farAway
            ? report(at: 16, full: false, contact(4, .down, 200, 120))
            : report(at: 80, full: false, contact(4, .down, 53, 50))
        let frames = probe.feed(again)
        try #require(frames.count == 2)
        let old = try #require(probe.frames[0].touches(.began).first)
        #expect(frames[0].all.map(\.trackingId) == [old.trackingId])
        #expect(frames[0].all.map(\.phase) == [.ended])
        let fresh = try #require(frames[1].touches(.began).first)
        #expect(fresh.trackingId != old.trackingId)
        #expect(frames[1].touch(old.trackingId) == nil)
    }

    @Test func nearbyContactWithTheSameIdAndNoSilenceContinuesTheTouch() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, contact(4, .down, 50, 50)))
        let frames = probe.feed(report(at: 8, contact(4, .down, 60, 50)))
        #expect(frames.count == 1)
        #expect(frames[0].all.map(\.phase) == [.moved])
    }

    @Test func upAndNewDownWithTheSameIdInOneReportAreTwoTouches() throws {
        var probe = TrackerProbe()
        let old = try #require(probe.feed(report(at: 0, contact(2, .down, 10, 10))).last?.touches(.began).first)
        let frames = probe.feed(report(at: 8, contact(2, .up, 10, 10), contact(2, .down, 300, 150)))
        let frame = try #require(frames.last)
        #expect(frame.touch(old.trackingId)?.phase == .ended)
        let fresh = try #require(frame.touches(.began).first)
        #expect(fresh.trackingId != old.trackingId)
        #expect(fresh.position == PanelPoint(x: 300, y: 150))
        // Another slot was free, so the new touch does not take the one that ended in this frame.
        #expect(fresh.slot != old.slot)
        #expect(probe.statuses(.duplicateContact).isEmpty)
    }

    @Test func sameIdTwiceInOneReportIsOneTouchAndCountsADuplicate() throws {
        var probe = TrackerProbe()
        let frames = probe.feed(report(at: 0, contact(7, .down, 40, 40), contact(7, .down, 90, 40), contact(8, .down, 5, 5)))
        #expect(frames.count == 1)
        #expect(frames[0].touches(.began).count == 2)
        #expect(frames[0].touches(.began).first?.position == PanelPoint(x: 40, y: 40))
        #expect(probe.statuses(.duplicateContact).map(\.count) == [1])
        #expect(probe.tracker.liveTouchCount == 2)
    }

    @Test func contactMissingFromAFullReportHasLifted() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, contact(1, .down, 10, 10), contact(2, .down, 60, 10)))
        let frame = try #require(probe.feed(report(at: 8, contact(1, .move, 11, 10))).last)
        #expect(frame.touches(.ended).map(\.position) == [PanelPoint(x: 60, y: 10)])
        #expect(frame.touches(.moved).count == 1)
        #expect(probe.tracker.liveTouchCount == 1)
    }

    @Test func partialReportsDoNotImplyLifts() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, full: false, contact(1, .down, 10, 10)))
        probe.feed(report(at: 4, full: false, contact(2, .down, 60, 10)))
        let frame = try #require(probe.feed(report(at: 8, full: false, contact(1, .move, 11, 10))).last)
        #expect(frame.touches(.ended).isEmpty)
        #expect(frame.touches(.stationary).map(\.position) == [PanelPoint(x: 60, y: 10)])
        #expect(probe.tracker.liveTouchCount == 2)
    }

    @Test func anEmptyFullReportLiftsEveryTouch() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, contact(1, .down, 10, 10), contact(2, .down, 60, 10)))
        let frame = try #require(probe.feed(report(at: 8)).last)
        #expect(frame.touches(.ended).count == 2)
        #expect(probe.tracker.liveTouchCount == 0)
    }

    @Test func anUpForAnIdWithNoTouchIsIgnored() {
        var probe = TrackerProbe()
        let frames = probe.feed(report(at: 0, contact(3, .up, 10, 10)))
        #expect(frames.count == 1 && frames[0].touches.isEmpty)
        #expect(probe.statuses.isEmpty)
    }

    @Test func cancelAllCancelsEachLiveTouchExactlyOnce() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, contact(1, .down, 10, 10), contact(2, .down, 60, 10), contact(3, .down, 90, 10)))
        probe.feed(report(at: 8, contact(1, .move, 12, 10), contact(3, .move, 90, 12)))
        let cancelled = probe.cancelAll(atMilliseconds: 10)
        #expect(cancelled.all.map(\.phase) == [.cancelled, .cancelled])
        #expect(Set(cancelled.all.map(\.trackingId)).count == 2)
        #expect(probe.tracker.liveTouchCount == 0)
        #expect(probe.cancelAll(atMilliseconds: 12).touches.isEmpty)
        #expect(probe.advance(toMilliseconds: 1000).touches.isEmpty)
    }
}
