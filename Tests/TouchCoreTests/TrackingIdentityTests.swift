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

    /// An up and a new finger with the same id in one report, as a controller that hands a freed id
    /// out at once lists them: in either order, and the new finger near the old one or far from it.
    struct Reuse: CustomTestStringConvertible, Sendable {
        let upFirst: Bool
        let newState: ContactState
        let newAt: PanelPoint
        var testDescription: String {
            let new = "\(newState) at (\(newAt.x), \(newAt.y))"
            return upFirst ? "up, then \(new)" : "\(new), then up"
        }

        func contacts(id: UInt8, oldAt: PanelPoint) -> [ReportedContact] {
            let up = contact(id, .up, oldAt.x, oldAt.y)
            let new = contact(id, newState, newAt.x, newAt.y)
            return upFirst ? [up, new] : [new, up]
        }

        static let all: [Reuse] = [
            Reuse(upFirst: true, newState: .down, newAt: PanelPoint(x: 300, y: 150)),
            Reuse(upFirst: false, newState: .down, newAt: PanelPoint(x: 300, y: 150)),
            Reuse(upFirst: true, newState: .down, newAt: PanelPoint(x: 11, y: 10)),
            Reuse(upFirst: false, newState: .down, newAt: PanelPoint(x: 11, y: 10)),
            Reuse(upFirst: false, newState: .move, newAt: PanelPoint(x: 300, y: 150)),
        ]
    }

    @Test(arguments: Reuse.all)
    func upAndNewDownWithTheSameIdInOneReportAreTwoTouches(_ reuse: Reuse) throws {
        var probe = TrackerProbe()
        let old = try #require(probe.feed(report(at: 0, contact(2, .down, 10, 10))).last?.touches(.began).first)
        var frame = ContactFrame(timestamp: 8_000)
        for entry in reuse.contacts(id: 2, oldAt: old.position) { frame.add(entry) }
        let frames = probe.feed(frame)
        // The up says the old touch lifted: it ends in the report's own frame, not as a lost lift.
        #expect(frames.count == 1)
        let last = try #require(frames.last)
        #expect(last.touch(old.trackingId)?.phase == .ended)
        let fresh = try #require(last.touches(.began).first)
        #expect(last.touches(.began).count == 1)
        #expect(fresh.trackingId != old.trackingId)
        #expect(fresh.position == reuse.newAt)
        // Another slot was free, so the new touch does not take the one that ended in this frame.
        #expect(fresh.slot != old.slot)
        #expect(probe.statuses(.duplicateContact).isEmpty)
        #expect(probe.tracker.liveTouchCount == 1)
    }

    @Test(arguments: [true, false])
    func theNewTouchOfAReusedIdTakesTheSlotItsLiftFreedWhenNoOtherIsFree(upFirst: Bool) throws {
        var probe = TrackerProbe(TrackerConfiguration(capacity: 2))
        let first = try #require(probe.feed(report(at: 0, contact(1, .down, 10, 10), contact(2, .down, 60, 10))).last)
        let old = try #require(first.all.first { $0.position == PanelPoint(x: 10, y: 10) })
        let up = contact(1, .up, 10, 10)
        let down = contact(1, .down, 200, 120)
        let stay = contact(2, .move, 60, 10)
        let frame = try #require(probe.feed(upFirst ? report(at: 8, up, down, stay) : report(at: 8, down, stay, up)).last)
        #expect(frame.touch(old.trackingId)?.phase == .ended)
        let fresh = try #require(frame.touches(.began).first)
        #expect(fresh.slot == old.slot)
        #expect(fresh.trackingId != old.trackingId)
        #expect(frame.touches(.stationary).count == 1)
        #expect(probe.statuses(.overflow).isEmpty && probe.statuses(.duplicateContact).isEmpty)
        #expect(probe.tracker.liveTouchCount == 2)
    }

    /// Repeats of one id in one report that are not one lift plus one new finger.
    struct Repeat: CustomTestStringConvertible, Sendable {
        let name: String
        /// Whether id 7 is live (down at (40, 40)) before the report.
        let live: Bool
        let states: [ContactState]
        let ended: Int
        let began: Int
        let duplicates: UInt32
        var testDescription: String { name }

        static let all: [Repeat] = [
            Repeat(name: "down twice", live: false, states: [.down, .down], ended: 0, began: 1, duplicates: 1),
            Repeat(name: "down twice on a live id", live: true, states: [.down, .down], ended: 0, began: 0, duplicates: 1),
            Repeat(name: "move twice", live: true, states: [.move, .move], ended: 0, began: 0, duplicates: 1),
            Repeat(name: "down and move", live: true, states: [.down, .move], ended: 0, began: 0, duplicates: 1),
            Repeat(name: "up twice", live: true, states: [.up, .up], ended: 1, began: 0, duplicates: 1),
            Repeat(name: "up, down, down", live: true, states: [.up, .down, .down], ended: 1, began: 1, duplicates: 1),
            Repeat(name: "down, up, up", live: true, states: [.down, .up, .up], ended: 1, began: 1, duplicates: 1),
        ]
    }

    @Test(arguments: Repeat.all)
    func sameIdTwiceInOneReportIsOneTouchAndCountsADuplicate(_ repeated: Repeat) throws {
        var probe = TrackerProbe()
        if repeated.live { probe.feed(report(at: 0, contact(7, .down, 40, 40))) }
        // Each entry somewhere else, so which one the tracker kept shows in the positions.
        var frame = ContactFrame(timestamp: 8_000)
        for (index, state) in repeated.states.enumerated() {
            frame.add(contact(7, state, 40 + Float(index), 40))
        }
        frame.add(contact(8, .down, 5, 5))
        let frames = probe.feed(frame)
        #expect(frames.count == 1)
        let last = try #require(frames.last)
        #expect(last.touches(.ended).count == repeated.ended)
        // Id 8 begins too.
        #expect(last.touches(.began).count == repeated.began + 1)
        // The first entry of each kind wins.
        let kept = repeated.states.firstIndex { $0 != .up }.map { PanelPoint(x: 40 + Float($0), y: 40) }
        let seven = last.all.filter { !$0.phase.isTerminal && $0.position != PanelPoint(x: 5, y: 5) }
        #expect(seven.map(\.position) == (kept.map { [$0] } ?? []))
        #expect(probe.statuses(.duplicateContact).map(\.count) == [repeated.duplicates])
        #expect(probe.tracker.liveTouchCount == (kept == nil ? 1 : 2))
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
