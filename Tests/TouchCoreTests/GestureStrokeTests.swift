import Testing
@testable import TouchCore

/// The stroke gestures as engine recognizers: checkmark (the seeds' rules: one finger, left to
/// right, down then up, ending above its start, reporting the vertex), circle, backslash beside a
/// pan, capture, and templates.
@Suite struct GestureStrokeTests {
    /// A polyline drawn by finger 1, one move every 10 ms through the corners, then lifted.
    static func stroke(_ corners: [(Float, Float)], startMs: Double = 0, segmentMs: Double = 100) -> Scenario {
        var scenario = Scenario().at(startMs, .down(1, corners[0].0, corners[0].1))
        var t = startMs
        for k in 1..<corners.count {
            scenario = scenario.drag(1, from: corners[k - 1], to: corners[k], startMs: t, endMs: t + segmentMs)
            t += segmentMs
        }
        return scenario.at(t, .up(1))
    }

    static func circle(center: (Float, Float), radius: Float, steps: Int = 40) -> Scenario {
        var scenario = Scenario().at(0, .down(1, center.0 + radius, center.1))
        for k in 1...steps {
            let angle = Float(k) / Float(steps) * 2 * ScalarMath.pi
            scenario = scenario.at(Double(k) * 10, .move(1, center.0 + radius * ScalarMath.cos(angle),
                center.1 + radius * ScalarMath.sin(angle)))
        }
        return scenario.at(Double(steps) * 10, .up(1))
    }

    static let check: [(Float, Float)] = [(100, 100), (115, 115), (150, 70)]

    func played(_ scenario: Scenario, _ engine: BasicGestureEngine = kioskEngine()) -> GesturePlayer<NoCustomRecognizer, 32> {
        var player = GesturePlayer(engine)
        player.play(scenario)
        return player
    }

    func fired(_ name: String, _ player: GesturePlayer<NoCustomRecognizer, 32>) -> Bool {
        player.actions.contains { $0.hasPrefix(name + " ") }
    }

    @Test func aCheckmarkIsRecognizedAtTheLiftBesideThePanAndReportsItsVertex() throws {
        let player = played(Self.stroke(Self.check))
        #expect(player.actions.first == "pan began @30")
        #expect(player.actions.suffix(2) == ["pan ended @200", "checkmark recognized @200"])
        let event = try #require(player.events.last { $0.kind == .checkmark })
        #expect(event.values.vertex == PanelPoint(x: 115, y: 115))
    }

    @Test(arguments: [
        ("drawn right to left", [(150, 100), (135, 115), (100, 70)]),
        ("up then down", [(100, 100), (115, 85), (150, 130)]),
        ("ending below its start", [(100, 100), (130, 140), (150, 120)]),
        ("only down", [(100, 100), (150, 150)]),
    ] as [(String, [(Float, Float)])])
    func aStrokeBreakingACheckmarkRuleIsNoCheckmark(rule: String, corners: [(Float, Float)]) {
        #expect(!fired("checkmark", played(Self.stroke(corners))), "\(rule)")
    }

    @Test func aSecondFingerFailsTheCheckmark() {
        let scenario = Self.stroke(Self.check).at(50, .down(2, 250, 150)).at(250, .up(2))
        #expect(!fired("checkmark", played(scenario)))
    }

    @Test func aCircleReportsItsCenterAndRadius() throws {
        let player = played(Self.circle(center: (150, 100), radius: 30))
        let event = try #require(player.events.last { $0.kind == .circle })
        #expect(event.state == .recognized)
        #expect(event.values.center.distance(to: PanelPoint(x: 150, y: 100)) < 1.5)
        #expect(abs(event.values.radius - 30) < 1.5)
        #expect(player.actions.suffix(2) == ["pan ended @400", "circle recognized @400"])
        #expect(!fired("checkmark", player) && !fired("backslash", player))
    }

    @Test func aBackslashFiresBesideThePan() throws {
        let player = played(Self.stroke([(100, 50), (150, 100)], segmentMs: 400))
        #expect(player.actions == ["pan began @30", "pan ended @400", "backslash recognized @400"])
        let event = try #require(player.events.last)
        #expect(abs(event.values.length - 70.71) < 0.05)
    }

    @Test func aBackslashThatTurnsBackFails() {
        let player = played(Self.stroke([(100, 50), (140, 90), (100, 90)]))
        #expect(player.actions == ["pan began @10", "pan ended @200"])
    }

    func captureEngine() -> (BasicGestureEngine, RecognizerIndex) {
        var selection = KioskSelection()
        selection.insert(.capture)
        let engine = BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194, selection: selection)
        return (engine, engine.index(of: .capture)!)
    }

    @Test func captureReportsSamplesWhileDrawingAndCommitsTheStrokeAtTheLift() throws {
        var player = GesturePlayer(captureEngine().0, includeChanged: true)
        player.play(Self.stroke([(100, 100), (140, 100)]))
        #expect(player.actions.first == "capture began @0")
        #expect(player.actions.last == "capture ended @100")
        // A move every 10 ms; the last comes with the lift, in the frame that ends the capture.
        #expect(player.actions.filter { $0.hasPrefix("capture changed") }.count == 9)
        let counts = player.events.map(\.values.samples)
        #expect(counts.first == 1 && counts == counts.sorted())
        #expect(player.engine.stroke.capture.state == .committed)
        #expect(Int(counts.last!) == player.engine.stroke.samples.count)
        #expect(player.engine.stroke.samples.last?.position == PanelPoint(x: 140, y: 100))
    }

    @Test(arguments: [FingerStep.cancel(1), .cancelAll])
    func aCancelledCaptureDiscardsItsSamples(cancel: FingerStep) {
        var player = GesturePlayer(captureEngine().0)
        player.play(Scenario().at(0, .down(1, 100, 100)).drag(1, from: (100, 100), to: (140, 100), startMs: 0, endMs: 50)
            .at(60, cancel))
        #expect(player.actions == ["capture began @0", "capture cancelled @60"])
        #expect(player.engine.stroke.capture.state == .discarded)
        #expect(player.engine.stroke.samples.isEmpty)
    }

    func templateEngine() -> (BasicGestureEngine, RecognizerIndex) {
        var selection = KioskSelection.kiosk
        selection.insert(.template)
        let engine = BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194, selection: selection)
        return (engine, engine.index(of: .template)!)
    }

    /// A "Z": the template is drawn small, the stroke large and a little off.
    static let zigzag: [(Float, Float)] = [(0, 0), (20, 0), (0, 20), (20, 20)]

    @Test func aRegisteredTemplateIsRecognizedWithItsLabelAndScore() throws {
        var (engine, template) = templateEngine()
        let points = Self.zigzag.map { PanelPoint(x: $0.0, y: $0.1) }
        #expect(engine.registerTemplate(points: points, label: 7, on: template) == 0)
        #expect(engine.registerTemplate(points: points, label: 7, on: engine.index(of: .pan)!) == nil)
        let player = played(Self.stroke([(100, 60), (160, 62), (102, 118), (160, 120)]), engine)
        #expect(player.actions.suffix(2) == ["pan ended @300", "template recognized @300"])
        let event = try #require(player.events.last { $0.kind == .template })
        // The score is the class's spread over spread plus distance (TemplateRejection): a stroke a little
        // off its one example scores above the default minimum and below a perfect 1.
        #expect(event.values.templateIndex == 7)
        #expect(event.values.score >= TemplateRejection.defaultMinimumScore && event.values.score < 1, "\(event.values.score)")
        #expect(!fired("template", played(Self.circle(center: (150, 100), radius: 30), engine)))
    }

    @Test func aTemplateRecognizerWithoutTemplatesNeverFires() {
        #expect(!fired("template", played(Self.stroke([(100, 60), (160, 62), (102, 118), (160, 120)]), templateEngine().0)))
    }

    /// Slots are as large as the largest built-in; stroke samples live once in the engine.
    @Test func strokeRecognizersKeepRecognizerSlotsSmall() {
        #expect(MemoryLayout<BuiltInRecognizer>.size < 256)
        #expect(MemoryLayout<RecognizerSlot<NoCustomRecognizer>>.size < 1024)
        #expect(MemoryLayout<BasicGestureEngine>.size < 64 * 1024)
        print("engine \(MemoryLayout<BasicGestureEngine>.size) B, slot \(MemoryLayout<RecognizerSlot<NoCustomRecognizer>>.size) B, built-in \(MemoryLayout<BuiltInRecognizer>.size) B, shared stroke \(MemoryLayout<SharedStroke>.size) B")
    }
}
