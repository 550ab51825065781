import Testing
import TouchCore

/// A delegate that refuses one recognizer's beginning, or one recognizer's touches.
struct RefusingDelegate: GestureEngineDelegate {
    var refuseBegin: RecognizerIndex? = nil
    var refuseTouches: RecognizerIndex? = nil
    private(set) var asked = 0

    mutating func shouldBegin(_ recognizer: RecognizerIndex) -> Bool {
        asked += 1
        return recognizer != refuseBegin
    }

    mutating func shouldReceive(_ touch: TrackedTouch, by recognizer: RecognizerIndex) -> Bool {
        recognizer != refuseTouches
    }
}

/// A custom continuous recognizer in the seeds' style: it captures the first finger from touch-down
/// to lift and ignores every other finger.
struct FirstFingerCapture: CustomRecognizer {
    var tracked: UInt32? = nil
    var samples: UInt16 = 0

    var kind: GestureKind { .capture }

    mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        for i in touches.indices {
            if tracked == nil {
                tracked = touches[i].trackingId
                samples = 1
                context.values.samples = samples
                context.state = .began
            } else {
                context.ignore(touches[i])
            }
        }
    }

    mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        samples += 1
        context.values.samples = samples
        context.state = .changed
    }

    mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        samples += 1
        context.values.samples = samples
        context.state = .ended
    }

    mutating func reset() {
        tracked = nil
        samples = 0
    }
}

/// A delegate that supplies the relations instead of the engine's static ones.
struct RelatingDelegate: GestureEngineDelegate {
    var simultaneous: (RecognizerIndex, RecognizerIndex)? = nil
    var waits: (recognizer: RecognizerIndex, forFailureOf: RecognizerIndex)? = nil

    func shouldRecognizeSimultaneously(_ recognizer: RecognizerIndex, with other: RecognizerIndex) -> Bool {
        // Answering for one order only: the engine must ask both.
        guard let pair = simultaneous else { return false }
        return recognizer == pair.1 && other == pair.0
    }

    func shouldRequireFailure(of other: RecognizerIndex, for recognizer: RecognizerIndex) -> Bool {
        guard let waits else { return false }
        return recognizer == waits.recognizer && other == waits.forFailureOf
    }
}

@Suite struct GestureEngineTests {
    @Test func theDelegateCanAllowSimultaneousRecognitionFromEitherSide() {
        let drag = Scenario().at(0, .down(1, 100, 100))
            .drag(1, from: (100, 100), to: (200, 100), startMs: 0, endMs: 200).at(200, .up(1))
        var player = GesturePlayer(
            engine([(.pan(PanRecognizer()), RecognizerOptions()), (.swipe(SwipeRecognizer()), RecognizerOptions())]))
        player.play(drag, delegate: RelatingDelegate(simultaneous: (RecognizerIndex(0), RecognizerIndex(1))))
        #expect(player.actions == ["pan began @10", "swipe recognized @30", "pan ended @200"])
    }

    @Test func theDelegateCanRequireFailure() {
        var player = GesturePlayer(
            engine([(.tap(TapRecognizer()), RecognizerOptions()), (.tap(TapRecognizer(taps: 2)), RecognizerOptions())]))
        player.play(tap(at: 0, finger: 1), delegate: RelatingDelegate(waits: (RecognizerIndex(0), RecognizerIndex(1))))
        #expect(player.actions == ["tap recognized @360"])
    }

    @Test func shouldBeginReturningFalseFailsTheRecognizerAndReleasesThoseWaitingOnIt() throws {
        let engine = kioskEngine()
        let doubleTapIndex = try #require(engine.index(of: .doubleTap))
        var player = GesturePlayer(engine)
        player.play(doubleTap, delegate: RefusingDelegate(refuseBegin: doubleTapIndex))
        #expect(player.actions == ["tap recognized @260"])
    }

    @Test func shouldBeginReturningFalseMeansNoActionAtAll() {
        var player = GesturePlayer(engine([(.pan(PanRecognizer()), RecognizerOptions())]))
        player.play(
            Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (150, 100), startMs: 0, endMs: 100)
                .at(100, .up(1)),
            delegate: RefusingDelegate(refuseBegin: RecognizerIndex(0)))
        #expect(player.actions == [])
        #expect(player.deliveries.last == "1 ended @100")
    }

    @Test func shouldReceiveFalseKeepsTheTouchFromTheRecognizer() {
        var player = GesturePlayer(
            engine([(.tap(TapRecognizer()), RecognizerOptions()), (.tap(TapRecognizer()), RecognizerOptions())]))
        player.play(tap(at: 0, finger: 1), delegate: RefusingDelegate(refuseTouches: RecognizerIndex(0)))
        #expect(player.events.map(\.recognizer) == [1])
    }

    @Test func recognizersOnSeparateRegionsDoNotCompete() {
        var engine = BasicGestureEngine(configuration: GestureEngineConfiguration(panelWidth: 345, panelHeight: 194))
        let left = engine.addRegion(PanelRect(x: 0, y: 0, width: 172, height: 194))
        let right = engine.addRegion(PanelRect(x: 172, y: 0, width: 173, height: 194))
        engine.add(.tap(TapRecognizer()), options: RecognizerOptions(region: left))
        engine.add(.pan(PanRecognizer()), options: RecognizerOptions(region: right))
        let scenario = Scenario().at(0, .down(1, 50, 100)).at(0, .down(2, 250, 100))
            .drag(2, from: (250, 100), to: (300, 100), startMs: 0, endMs: 100).at(60, .up(1)).at(100, .up(2))
        var player = GesturePlayer(engine)
        player.play(scenario)
        #expect(player.actions == ["pan began @10", "tap recognized @60", "pan ended @100"])

        var shared = BasicGestureEngine(configuration: GestureEngineConfiguration(panelWidth: 345, panelHeight: 194))
        shared.add(.tap(TapRecognizer()))
        shared.add(.pan(PanRecognizer()))
        var sharedPlayer = GesturePlayer(shared)
        sharedPlayer.play(scenario)
        // On one region the pan takes both fingers (its centroid moves half as fast) and the tap,
        // seeing two touches, fails.
        #expect(sharedPlayer.actions == ["pan began @20", "pan ended @100"])
    }

    @Test func aTouchBelongsToTheTopmostRegionItBeganIn() {
        var engine = BasicGestureEngine(configuration: GestureEngineConfiguration(panelWidth: 345, panelHeight: 194))
        let low = engine.addRegion(PanelRect(x: 0, y: 0, width: 200, height: 194), z: 0)
        let high = engine.addRegion(PanelRect(x: 100, y: 0, width: 200, height: 194), z: 5)
        #expect(engine.region(at: PanelPoint(x: 150, y: 50)) == high)
        #expect(engine.region(at: PanelPoint(x: 50, y: 50)) == low)
        #expect(engine.region(at: PanelPoint(x: 320, y: 50)) == .root)
        engine.add(.tap(TapRecognizer()), options: RecognizerOptions(region: low))
        var player = GesturePlayer(engine)
        // Down in the high region, lifted over the low one: still the high region's touch.
        player.play(Scenario().at(0, .down(1, 150, 50)).at(20, .move(1, 151, 50)).at(40, .up(1)))
        #expect(player.actions == [])
        #expect(player.deliveries == ["1 began @0", "1 moved @20", "1 ended @40"])
        #expect(player.deliveryRegions == [high, high, high])
    }

    @Test func customRecognizersRunBesideBuiltInsAndIgnoredTouchesReachTheApplication() {
        var engine = GestureEngine<FirstFingerCapture, 32>(configuration: GestureEngineConfiguration())
        let capture = engine.addCustom(FirstFingerCapture(), name: "capture")
        #expect("\(engine.name(of: capture))" == "capture")
        var player = GesturePlayer(engine, includeChanged: true)
        player.play(
            Scenario().at(0, .down(1, 100, 100)).at(10, .down(2, 200, 100)).at(20, .move(1, 110, 100))
                .at(40, .up(2)).at(50, .up(1)))
        #expect(player.actions == ["capture began @0", "capture changed @20", "capture ended @50"])
        #expect(player.events.last?.values.samples == 3)
        #expect(player.deliveries == ["2 began @10", "2 ended @40"])
    }

    @Test func panTranslationCanBeSetBackMidGesture() {
        var engine = BasicGestureEngine(configuration: GestureEngineConfiguration())
        let pan = engine.add(.pan(PanRecognizer()))
        var events = GestureEventList(filler: .placeholder)
        func step(_ time: Microseconds, _ phase: TouchPhase, _ x: Float) {
            var frame = TouchFrame(timestamp: time)
            frame.touches.append(TrackedTouch(
                trackingId: 1, slot: 0, phase: phase, position: PanelPoint(x: x, y: 100),
                startPosition: PanelPoint(x: 100, y: 100), startTime: 0))
            engine.process(frame, events: &events)
        }
        step(0, .began, 100)
        step(10_000, .moved, 110)
        #expect(events.count == 1 && events[0].state == .began && events[0].values.translation.x == 10)
        engine.setTranslation(.zero, for: pan)
        step(20_000, .moved, 113)
        #expect(events.count == 2 && events[1].state == .changed)
        #expect(abs(events[1].values.translation.x - 3) < 0.001)
    }

    @Test func deadlinesAreExposedAndOnlyTimeDataMovesThem() {
        var engine = kioskEngine()
        #expect(engine.nextDeadline == nil)
        var events = GestureEventList(filler: .placeholder)
        var frame = TouchFrame(timestamp: 1_000)
        frame.touches.append(TrackedTouch(
            trackingId: 1, slot: 0, phase: .began, position: PanelPoint(x: 100, y: 100),
            startPosition: PanelPoint(x: 100, y: 100), startTime: 1_000))
        engine.process(frame, events: &events)
        #expect(engine.nextDeadline == 501_000)
        engine.advance(to: 500_999, events: &events)
        #expect(events.isEmpty)
        engine.advance(to: 501_000, events: &events)
        #expect(events.count == 1 && events[0].kind == .longPress && events[0].state == .began)
        #expect(events[0].values.duration == 500_000)
    }

    @Test func workPerFrameDoesNotGrowWithHistory() {
        var engine = kioskEngine()
        var events = GestureEventList(filler: .placeholder)
        var time: Microseconds = 0
        func frame(_ id: UInt32, _ phase: TouchPhase, _ x: Float, start: Float) -> TouchFrame {
            var f = TouchFrame(timestamp: time)
            f.touches.append(TrackedTouch(
                trackingId: id, slot: 0, phase: phase, position: PanelPoint(x: x, y: 100),
                startPosition: PanelPoint(x: start, y: 100), startTime: 0))
            return f
        }
        // A long pan: a move frame late costs no more than early. (It may cost less: recognizers
        // that have decided since skip moves.)
        engine.process(frame(1, .began, 100, start: 100), events: &events)
        var early = 0
        for step in 1...3_000 {
            time += 8_333
            events.removeAll()
            engine.process(frame(1, .moved, 100 + Float(step % 200), start: 100), events: &events)
            if step == 20 { early = engine.lastStepWork }
        }
        #expect(early > 0)
        #expect(engine.lastStepWork <= early)
        time += 8_333
        engine.process(frame(1, .ended, 100, start: 100), events: &events)
        // Many finished touch sequences later, a new touch-down costs what the first one did.
        var fresh = kioskEngine()
        time = 10_000_000
        fresh.process(frame(10_000, .began, 100, start: 100), events: &events)
        let firstDown = fresh.lastStepWork
        for id in UInt32(2)...UInt32(400) {
            time += 1_000_000
            events.removeAll()
            engine.process(frame(id, .began, 100, start: 100), events: &events)
            time += 50_000
            engine.process(frame(id, .ended, 100, start: 100), events: &events)
            engine.advance(to: time + 1_000_000, events: &events)
        }
        time += 1_000_000
        engine.process(frame(401, .began, 100, start: 100), events: &events)
        #expect(engine.lastStepWork == firstDown)
        #expect(engine.droppedEvents == 0 && engine.droppedTouches == 0)
    }

    @Test func kioskSetNamesEveryRecognizerInOrderAndStrokeSlotsOnceBuiltIn() {
        let engine = kioskEngine()
        let names = (0..<engine.recognizerCount).map { "\(engine.name(of: RecognizerIndex($0)))" }
        #expect(Array(names.prefix(9)) == [
            "tap", "double-tap", "two-finger-tap", "long-press", "pan", "swipe", "pinch", "rotation", "edge-pan",
        ])
        #expect(engine.index(of: .edgePan) == RecognizerIndex(8))
        #expect(engine.index(of: .twoFingerPan) == nil)
        let withTwoFingerPan = BasicGestureEngine.kioskSet(
            panelWidth: 345, panelHeight: 194, selection: .kioskWithTwoFingerPan)
        #expect(withTwoFingerPan.index(of: .twoFingerPan) == RecognizerIndex(5))
        for stroke in [KioskRecognizer.checkmark, .circle, .backslash] {
            let builtIn = stroke.recognizer(panelWidth: 345, panelHeight: 194) != nil
            #expect((engine.index(of: stroke) != nil) == builtIn)
        }
        var selection = KioskSelection()
        selection.insert(.tap)
        selection.insert(.pan)
        let small = BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194, selection: selection)
        #expect(small.recognizerCount == 2)
        for raw in 0..<UInt8(KioskRecognizer.count) {
            #expect(KioskRecognizer(rawValue: raw) != nil)
        }
        #expect(KioskRecognizer(rawValue: UInt8(KioskRecognizer.count)) == nil)
    }

    @Test func twoFingerPanRunsBesidePanWithTwoFingers() {
        var player = GesturePlayer(
            BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194, selection: .kioskWithTwoFingerPan))
        player.play(
            Scenario().at(0, .down(1, 100, 100)).at(0, .down(2, 130, 100))
                .drag(1, from: (100, 100), to: (100, 140), startMs: 0, endMs: 200)
                .drag(2, from: (130, 100), to: (130, 140), startMs: 0, endMs: 200)
                .at(200, .up(1)).at(200, .up(2)))
        #expect(player.actions == ["pan began @30", "two-finger-pan began @30", "pan ended @200", "two-finger-pan ended @200"])
    }
}
