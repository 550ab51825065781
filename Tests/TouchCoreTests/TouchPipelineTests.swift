import Testing
import TouchCore

/// `TouchPipeline` as its drivers use it: contact frames in, time as data, the kiosk recognizers.
@Suite struct TouchPipelineTests {
    /// Everything the pipeline made, in order.
    struct Log: TouchPipelineOutput {
        struct Touch: Equatable {
            var id: UInt32
            var phase: TouchPhase
            var time: Microseconds
        }

        var touchLog: [Touch] = []
        var gestureLog: [GestureEvent] = []
        var statusLog: [StatusEvent] = []

        mutating func status(_ event: StatusEvent) { statusLog.append(event) }
        mutating func touches(_ frame: inout TouchFrame) {
            for index in frame.touches.indices where frame.touches[index].phase != .stationary {
                let touch = frame.touches[index]
                touchLog.append(Touch(id: touch.trackingId, phase: touch.phase, time: frame.timestamp))
            }
        }
        mutating func gesture(_ event: GestureEvent) { gestureLog.append(event) }

        /// `"long-press began @500"` for each action but `changed`, times in milliseconds.
        func actions(by engine: BasicGestureEngine) -> [String] {
            gestureLog.filter { $0.state != .changed }.map {
                "\(engine.name(of: $0.recognizerIndex)) \($0.state) @\(Double($0.timestamp) / 1_000)"
            }
        }

        func touchPhases(_ phase: TouchPhase) -> [Microseconds] {
            touchLog.filter { $0.phase == phase }.map(\.time)
        }
    }

    static let period: Microseconds = 8_333
    static let middle = PanelPoint(x: 150, y: 100)

    /// A streaming controller's reports of finger `id` down at `start`, reported every period
    /// (moving by `step` each time) until `end`, and lifted at `end` unless `lifts` is false.
    static func finger(
        _ id: UInt8 = 1, at point: PanelPoint = middle, from start: Microseconds, to end: Microseconds,
        step: PanelPoint = .zero, lifts: Bool = true
    ) -> [ContactFrame] {
        var frames: [ContactFrame] = []
        var time = start
        var position = point
        while time < end {
            frames.append(report(at: time, (id, time == start ? .down : .move, position)))
            time += period
            position = position + step
        }
        frames.append(report(at: end, (id, lifts ? .up : .move, position)))
        return frames
    }

    static func report(at time: Microseconds, _ contacts: (UInt8, ContactState, PanelPoint)...) -> ContactFrame {
        var frame = ContactFrame(timestamp: time)
        for (id, state, position) in contacts {
            frame.add(ReportedContact(controllerId: id, state: state, position: position))
        }
        return frame
    }

    static func pipeline(_ tracker: TrackerConfiguration = TrackerConfiguration()) -> BasicTouchPipeline {
        TouchPipeline(tracker: tracker, engine: BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194))
    }

    // MARK: Deadlines

    /// How time reaches a deadline that falls between reports.
    enum Passage: String, CaseIterable, CustomStringConvertible, Sendable {
        case aLaterReport = "a later report"
        case advance = "advance(to:)"
        var description: String { rawValue }
    }

    /// Moves time to `time`; a later report lists `still`, the fingers resting where they were.
    static func pass(
        to time: Microseconds, by passage: Passage, still: [(UInt8, PanelPoint)] = [],
        _ pipeline: inout BasicTouchPipeline, _ log: inout Log
    ) {
        switch passage {
        case .aLaterReport:
            var frame = ContactFrame(timestamp: time)
            for (id, position) in still { frame.add(ReportedContact(controllerId: id, state: .move, position: position)) }
            pipeline.consume(frame, into: &log)
        case .advance:
            pipeline.advance(to: time, into: &log)
        }
    }

    @Test(arguments: Passage.allCases)
    func aTapIsRecognizedWhenItsDoubleTapWindowClosesNotAtTheNextInput(_ passage: Passage) {
        var pipeline = Self.pipeline()
        var log = Log()
        for frame in Self.finger(from: 0, to: 60_000) { pipeline.consume(frame, into: &log) }
        Self.pass(to: 2_000_000, by: passage, &pipeline, &log)
        // The lift at 60 ms opens the 300 ms window in which a second tap could start.
        #expect(log.actions(by: pipeline.engine) == ["tap recognized @360.0"])
        #expect(pipeline.now == 2_000_000)
    }

    @Test(arguments: Passage.allCases)
    func aLongPressBeginsAtExactlyFiveHundredMillisecondsBetweenReports(_ passage: Passage) {
        var pipeline = Self.pipeline(.eventDriven())
        var log = Log()
        // An event-driven source reports a still finger once, and then only when something changes.
        pipeline.consume(Self.report(at: 0, (1, .down, Self.middle)), into: &log)
        Self.pass(to: 900_000, by: passage, still: [(1, Self.middle)], &pipeline, &log)
        pipeline.consume(Self.report(at: 1_000_000, (1, .up, Self.middle)), into: &log)
        #expect(log.actions(by: pipeline.engine) == ["long-press began @500.0", "long-press ended @1000.0"])
        #expect(log.touchLog == [Log.Touch(id: 1, phase: .began, time: 0), Log.Touch(id: 1, phase: .ended, time: 1_000_000)])
    }

    @Test(arguments: Passage.allCases)
    func theTrackersAndTheRecognizersDeadlinesFireInTheirOwnOrder(_ passage: Passage) {
        var pipeline = Self.pipeline()
        var log = Log()
        // Reported until 450 ms, then the controller stalls: the long press is due at 500 ms, the
        // report timeout at 550 ms, and nothing comes in until 2 s.
        for frame in Self.finger(from: 0, to: 450_000, lifts: false) { pipeline.consume(frame, into: &log) }
        Self.pass(to: 2_000_000, by: passage, &pipeline, &log)
        #expect(log.actions(by: pipeline.engine) == ["long-press began @500.0", "long-press cancelled @550.0"])
        #expect(log.touchLog.last == Log.Touch(id: 1, phase: .cancelled, time: 550_000))
        #expect(log.statusLog == [StatusEvent(kind: .reportTimeout, timestamp: 550_000, count: 1)])
    }

    @Test func aFrameStampedInThePastIsTakenAsNow() {
        var pipeline = Self.pipeline()
        var log = Log()
        pipeline.consume(Self.report(at: 100_000, (1, .down, Self.middle)), into: &log)
        pipeline.consume(Self.report(at: 40_000, (1, .move, Self.middle + PanelPoint(x: 5, y: 0))), into: &log)
        pipeline.consume(Self.report(at: 108_000, (1, .up, Self.middle + PanelPoint(x: 5, y: 0))), into: &log)
        #expect(log.touchLog.map(\.time) == [100_000, 100_000, 108_000])
        #expect(log.touchLog.map(\.phase) == [.began, .moved, .ended])
        #expect(pipeline.now == 108_000)
        #expect(log.gestureLog.allSatisfy { $0.timestamp >= 100_000 })
    }

    // MARK: Silence

    struct Silence: CustomStringConvertible, Sendable {
        var rule: SilenceRule
        /// What the resting touch becomes after the silence, if anything.
        var outcome: TouchPhase?
        var description: String { "\(rule) -> \(outcome.map { "\($0)" } ?? "still down")" }
    }

    @Test(arguments: [
        Silence(rule: .cancelsTouches, outcome: .cancelled),
        Silence(rule: .endsTouches, outcome: .ended),
        Silence(rule: .holdsTouches, outcome: nil),
    ])
    func aSilenceMeansWhatTheSourceSaysItMeans(_ silence: Silence) {
        var configuration = TrackerConfiguration.eventDriven()
        configuration.silence = silence.rule
        var pipeline = Self.pipeline(configuration)
        var log = Log()
        // Reported until 200 ms, then nothing for ten seconds.
        for frame in Self.finger(from: 0, to: 200_000, lifts: false) { pipeline.consume(frame, into: &log) }
        pipeline.advance(to: 10_000_000, into: &log)
        let timeout = configuration.reportTimeout
        if let outcome = silence.outcome {
            #expect(log.touchLog.last == Log.Touch(id: 1, phase: outcome, time: 200_000 + timeout))
            #expect(log.statusLog.map(\.kind) == [.reportTimeout])
            #expect(log.statusLog.first?.timestamp == 200_000 + timeout)
            #expect(pipeline.liveTouchCount == 0)
        } else {
            #expect(log.touchLog.map(\.phase) == [.began])
            #expect(log.statusLog.isEmpty)
            #expect(pipeline.liveTouchCount == 1)
            #expect(pipeline.nextDeadline == nil)
        }
    }

    struct Stall: CustomStringConvertible, Sendable {
        var description: String
        var gesture: String
        /// The finger's reports until the controller stalls.
        var frames: [ContactFrame]
    }

    @Test(arguments: [
        Stall(description: "a long press held past 500 ms", gesture: "long-press",
              frames: finger(from: 0, to: 700_000, lifts: false)),
        Stall(description: "a pan under way", gesture: "pan",
              frames: finger(from: 0, to: 300_000, step: PanelPoint(x: 1, y: 0), lifts: false)),
    ])
    func aStreamingStallCancelsTheTouchesAndTheGesturesTheyWereIn(_ stall: Stall) throws {
        var pipeline = Self.pipeline()
        var log = Log()
        for frame in stall.frames { pipeline.consume(frame, into: &log) }
        let lastReport = try #require(stall.frames.last?.timestamp)
        let names = { (log: Log) in log.gestureLog.map { "\(pipeline.engine.name(of: $0.recognizerIndex)) \($0.state)" } }
        #expect(names(log).contains("\(stall.gesture) began"), "under way before the stall: \(names(log))")
        pipeline.advance(to: lastReport + 2_000_000, into: &log)
        let cancelledAt = lastReport + pipeline.tracker.configuration.reportTimeout
        #expect(log.touchLog.last == Log.Touch(id: 1, phase: .cancelled, time: cancelledAt))
        let after = log.gestureLog.filter { $0.timestamp >= cancelledAt && $0.state != .changed }
        #expect(after.map { "\(pipeline.engine.name(of: $0.recognizerIndex)) \($0.state)" } == ["\(stall.gesture) cancelled"])
        #expect(!log.gestureLog.contains { $0.state == .ended })
    }

    // MARK: Restarting

    /// A pipeline restarted in place (`restart(tracker:)`, the engine's `restartAsKioskSet`), as a
    /// controller does when gestures mode starts again, runs as a new one whatever the old one was
    /// in the middle of.
    @Test func aPipelineRestartedInPlaceRunsAsANewOne() {
        func session(_ pipeline: inout BasicTouchPipeline) -> Log {
            var log = Log()
            for frame in Self.finger(from: 0, to: 300_000, step: PanelPoint(x: 1, y: 0.5)) { pipeline.consume(frame, into: &log) }
            for frame in Self.finger(2, from: 500_000, to: 560_000) { pipeline.consume(frame, into: &log) }
            // Two fingers spreading: a pinch.
            var time: Microseconds = 1_000_000
            var a = PanelPoint(x: 120, y: 100)
            var b = PanelPoint(x: 180, y: 100)
            for step in 0..<30 {
                let state: ContactState = step == 0 ? .down : step == 29 ? .up : .move
                pipeline.consume(Self.report(at: time, (3, state, a), (4, state, b)), into: &log)
                time += Self.period
                a.x -= 1
                b.x += 1
            }
            pipeline.finish(into: &log)
            return log
        }
        var fresh = Self.pipeline()
        let expected = session(&fresh)
        var reused = Self.pipeline(.eventDriven())
        var log = Log()
        // Left with a finger down and dragging: the tracker and the recognizers busy with it.
        for frame in Self.finger(5, from: 0, to: 200_000, step: PanelPoint(x: 2, y: 0), lifts: false) {
            reused.consume(frame, into: &log)
        }
        reused.restart(tracker: TrackerConfiguration())
        reused.engine.restartAsKioskSet(panelWidth: 345, panelHeight: 194)
        #expect(reused.now == 0 && reused.liveTouchCount == 0 && reused.nextDeadline == nil)
        let again = session(&reused)
        #expect(!expected.gestureLog.isEmpty)
        #expect(again.touchLog == expected.touchLog)
        #expect(again.gestureLog == expected.gestureLog)
        #expect(again.statusLog == expected.statusLog)
    }

    // MARK: The end of the input

    @Test func finishResolvesATapStillWaitingForASecondOne() {
        var pipeline = Self.pipeline()
        var log = Log()
        for frame in Self.finger(from: 1_000_000, to: 1_060_000) { pipeline.consume(frame, into: &log) }
        #expect(log.gestureLog.isEmpty)
        pipeline.finish(into: &log)
        #expect(log.actions(by: pipeline.engine) == ["tap recognized @1360.0"])
        #expect(pipeline.nextDeadline == nil)
    }

    @Test(arguments: [1, 2, 3])
    func finishCancelsTouchesStillDownAndTheGesturesTheyAreIn(_ fingers: Int) {
        var pipeline = Self.pipeline(.eventDriven())
        var log = Log()
        var frame = ContactFrame(timestamp: 0)
        for finger in 0..<fingers {
            frame.add(ReportedContact(controllerId: UInt8(finger), state: .down, position: PanelPoint(x: 100 + 50 * Float(finger), y: 100)))
        }
        pipeline.consume(frame, into: &log)
        pipeline.finish(into: &log)
        #expect(pipeline.liveTouchCount == 0)
        #expect(pipeline.nextDeadline == nil)
        #expect(log.touchPhases(.cancelled).count == fingers)
        #expect(log.touchPhases(.ended).isEmpty)
        #expect(!log.gestureLog.contains { $0.state == .ended || $0.state == .recognized })
    }

    @Test func finishRunsTimeOnToDeadlinesBeforeItCancels() {
        var pipeline = Self.pipeline(.eventDriven())
        var log = Log()
        pipeline.consume(Self.report(at: 0, (1, .down, Self.middle)), into: &log)
        pipeline.finish(into: &log)
        // The long press was due before anyone took the finger away.
        #expect(log.actions(by: pipeline.engine) == ["long-press began @500.0", "long-press cancelled @500.0"])
        #expect(log.touchLog.last == Log.Touch(id: 1, phase: .cancelled, time: 500_000))
    }

    // MARK: Cost

    @Test(arguments: [1, 2, 5])
    func aStepCostsTheSameWhateverCameBefore(_ fingers: Int) {
        // Fingers drag, lift and come back, cycle after cycle; the step measured is the same
        // moment of each cycle (its eleventh report).
        var pipeline = Self.pipeline()
        var output = DiscardingOutput()
        let cycle = Self.dragCycle(fingers: fingers)
        let span = cycle.last!.timestamp + 100_000
        var work: [Int] = []
        for index in 0..<300 {
            for (position, var frame) in cycle.enumerated() {
                frame.timestamp += Microseconds(index) * span
                pipeline.consume(frame, into: &output)
                if position == 10 { work.append(pipeline.engine.lastStepWork) }
            }
        }
        #expect(pipeline.liveTouchCount == 0)
        #expect(work[1] > 0)
        #expect(work[299] == work[1], "\(work[1]) after one cycle, \(work[299]) after 299")
        #expect(Set(work.dropFirst()).count == 1, "work per step varies with history: \(Set(work))")
    }

    /// `fingers` fingers a few centimetres apart, dragged together for 200 ms, then lifted.
    static func dragCycle(fingers: Int) -> [ContactFrame] {
        var frames = finger(1, at: PanelPoint(x: 80, y: 100), from: 0, to: 200_000, step: PanelPoint(x: 0.5, y: 0.2))
        for extra in 1..<max(fingers, 1) {
            let more = finger(
                UInt8(extra + 1), at: PanelPoint(x: 80 + 40 * Float(extra), y: 100), from: 0, to: 200_000,
                step: PanelPoint(x: 0.5, y: Float(extra) * -0.2))
            for index in frames.indices { frames[index].add(more[index].contacts[0]) }
        }
        return frames
    }
}
