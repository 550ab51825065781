import SeededRandom
import Testing
import TouchCore

/// Random fault sequences against the promises of the touch stream: every began gets exactly one
/// ended or cancelled, no tracking id is reused, no two live touches share a slot, nothing follows
/// a terminal phase, and a frame never holds more than capacity plus its endings.
@Suite struct TrackingPropertyTests {
    @Test(arguments: 0..<48)
    func randomFaultSequencesKeepTheTouchStreamConsistent(_ seed: Int) {
        var script = FaultScript(seed: UInt64(seed))
        var tracker = SingleFrameTracker(configuration: script.configuration)
        var audit = TouchStreamAudit(capacity: script.configuration.capacity)
        let usesBatches = seed % 2 == 0
        var kinds: Set<UInt8> = []

        for _ in 0..<400 {
            switch script.nextStep() {
            case .report(let frame):
                var statuses = StatusList(filler: .placeholder)
                if usesBatches {
                    var batch = TouchFrameBatch()
                    tracker.track(frame, into: &batch, statuses: &statuses)
                    for index in batch.indices { audit.check(batch[index]) }
                } else {
                    var output = TouchFrame(timestamp: 0)
                    tracker.track(frame, into: &output, statuses: &statuses)
                    audit.check(output)
                    if tracker.takePendingFrame(into: &output) { audit.check(output) }
                }
                for index in statuses.indices { kinds.insert(statuses[index].kind.rawValue) }
            case .advance(let time):
                var output = TouchFrame(timestamp: 0)
                var statuses = StatusList(filler: .placeholder)
                tracker.advance(to: time, into: &output, statuses: &statuses)
                for index in statuses.indices { kinds.insert(statuses[index].kind.rawValue) }
                // The scripts' configurations stream: a silence cancels (SilenceRule).
                #expect(output.touches.indices.allSatisfy { output.touches[$0].phase == script.configuration.silence.phaseOnSilence })
                audit.check(output)
            case .cancel(let time):
                var output = TouchFrame(timestamp: 0)
                tracker.cancelAll(at: time, into: &output)
                audit.check(output)
                #expect(audit.live.isEmpty)
            }
            #expect(tracker.tracker.liveTouchCount == audit.live.count, "seed \(seed)")
        }
        var output = TouchFrame(timestamp: 0)
        tracker.cancelAll(at: script.time + 1, into: &output)
        audit.check(output)
        #expect(audit.violations.isEmpty, "seed \(seed): \(audit.violations.prefix(5))")
        #expect(audit.unfinished.isEmpty, "seed \(seed)")
        // The faults really happened: the run is not a quiet one.
        #expect(audit.began.count > 20, "seed \(seed) exercised too little")
        let expected: [StatusKind] = [.framesLost, .deviceReset, .reportTimeout, .overflow]
            + (script.identities == 0 ? [.duplicateContact] : [])
        #expect(expected.allSatisfy { kinds.contains($0.rawValue) }, "seed \(seed): \(kinds.sorted())")
    }
}

/// Fingers on a panel reported by a misbehaving controller: lifts with and without ups, lost lifts,
/// reused ids, duplicates, partial reports, sequence gaps and restarts, silences, crowds beyond
/// capacity, anonymous contacts and disconnects, chosen by a seeded generator.
struct FaultScript {
    enum Step {
        case report(ContactFrame)
        case advance(Microseconds)
        case cancel(Microseconds)
    }

    struct Finger {
        var id: UInt8
        var anonymous: Bool
        var position: PanelPoint
        var velocity: PanelPoint
    }

    var random: SplitMix64
    let configuration: TrackerConfiguration
    /// 0: controller ids, 1: anonymous, 2: both.
    let identities: Int
    var fingers: [Finger] = []
    var time: Microseconds = 0
    var sequence: UInt32

    init(seed: UInt64) {
        random = SplitMix64(seed: seed &* 7919)
        let capacities = [3, 5, 10, 20]
        configuration = TrackerConfiguration(
            capacity: capacities[Int(seed % 4)], reportRateHz: [60, 120, 200][Int(seed % 3)])
        identities = Int((seed / 4) % 3)
        sequence = UInt32(random.next() % 65536)
    }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    private mutating func coordinate(_ limit: Float) -> Float { Float(random.next() % 10_000) / 10_000 * limit }

    private mutating func newFinger() -> Finger {
        var id: UInt8 = 0
        while fingers.contains(where: { $0.id == id }) { id += 1 }
        let anonymous = identities == 1 || (identities == 2 && chance(50))
        return Finger(
            id: id, anonymous: anonymous, position: PanelPoint(x: coordinate(345), y: coordinate(194)),
            velocity: PanelPoint(x: coordinate(4) - 2, y: coordinate(4) - 2))
    }

    mutating func nextStep() -> Step {
        time += configuration.reportInterval + Microseconds(random.next() % 2000)
        sequence &+= 1
        var isFull = true
        var ups: [Finger] = []
        var duplicate = false
        let roll = random.next() % 100
        switch roll {
        case 0..<8 where !fingers.isEmpty:
            ups.append(fingers.remove(at: Int(random.next() % UInt64(fingers.count))))
        case 8..<14 where !fingers.isEmpty:
            fingers.remove(at: Int(random.next() % UInt64(fingers.count)))
        case 14..<26:
            fingers.append(newFinger())
        case 26..<30 where !fingers.isEmpty:
            let index = Int(random.next() % UInt64(fingers.count))
            fingers[index].position = PanelPoint(x: coordinate(345), y: coordinate(194))
        case 30..<34:
            duplicate = true
        case 34..<38:
            let lost = 1 + random.next() % 6
            sequence &+= UInt32(lost)
            time += Microseconds(lost) * configuration.reportInterval
        case 38..<40:
            sequence = UInt32(random.next() % 3)
        case 40..<44:
            time += 100_000 + Microseconds(random.next() % 300_000)
            if chance(50) { return .advance(time) }
        case 44..<47:
            for _ in 0..<(4 + random.next() % 10) { fingers.append(newFinger()) }
        case 47..<53:
            isFull = false
        case 53..<55:
            return .cancel(time)
        default:
            break
        }
        // Crowds past capacity come and go rather than pile up for the rest of the run.
        let crowd = min(configuration.capacity + 4, 24)
        if fingers.count > crowd && roll % 2 == 0 { fingers.removeFirst(fingers.count - crowd) }
        if fingers.count > 24 { fingers.removeLast(fingers.count - 24) }
        for index in fingers.indices {
            fingers[index].position = fingers[index].position + fingers[index].velocity
        }

        var frame = ContactFrame(timestamp: time, sequence: chance(90) ? sequence : nil, isFull: isFull)
        for finger in ups {
            frame.add(ReportedContact(controllerId: finger.anonymous ? nil : finger.id, state: .up, position: finger.position))
        }
        for finger in fingers where isFull || chance(50) {
            frame.add(ReportedContact(
                controllerId: finger.anonymous ? nil : finger.id, state: chance(20) ? .down : .move,
                position: finger.position))
        }
        if duplicate && !frame.contacts.isEmpty {
            let copy = frame.contacts[Int(random.next() % UInt64(frame.contacts.count))]
            if frame.contacts.isFull { frame.contacts[frame.contacts.count - 1] = copy } else { frame.add(copy) }
        }
        return .report(frame)
    }
}

extension SilenceRule {
    /// The phase the report timeout gives a silent touch.
    var phaseOnSilence: TouchPhase? {
        switch self {
        case .holdsTouches: nil
        case .cancelsTouches: .cancelled
        case .endsTouches: .ended
        }
    }
}
