import Testing
@testable import TouchCore

/// An engine stores what its recognizer set needs: the kiosk set's engine (`KioskGestureEngine`)
/// keeps no template library and has a slot for each kiosk recognizer only, and recognizes exactly
/// as the engine that has both.
@Suite struct EngineStorageTests {
    @Test func theKioskEngineCarriesNoTemplateLibrary() {
        let withLibrary = MemoryLayout<BasicGestureEngine>.size
        let kiosk = MemoryLayout<KioskGestureEngine>.size
        #expect(MemoryLayout<NoTemplates>.size == 0)
        #expect(withLibrary - kiosk >= MemoryLayout<TemplateLibrary>.size, "\(withLibrary) against \(kiosk)")
        #expect(
            MemoryLayout<BasicTouchPipeline>.size - MemoryLayout<KioskTouchPipeline>.size
                >= MemoryLayout<TemplateLibrary>.size)
    }

    @Test func theKioskEngineHasASlotForEachKioskRecognizerAndNoMore() {
        let slot = MemoryLayout<RecognizerSlot<NoCustomRecognizer>>.stride
        let unusedSlots = GestureLimits.maxRecognizers - KioskRecognizer.count
        #expect(
            MemoryLayout<BasicGestureEngine>.size - MemoryLayout<KioskGestureEngine>.size
                >= MemoryLayout<TemplateLibrary>.size + unusedSlots * slot)
        // Every kiosk recognizer at once fits (the template one among them, which never fires here).
        var everything = KioskSelection()
        for raw in 0..<UInt8(KioskRecognizer.count) { everything.insert(KioskRecognizer(rawValue: raw)!) }
        let engine = KioskGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194, selection: everything)
        #expect(engine.recognizerCount == KioskRecognizer.count)
    }

    @Test func anEngineWithoutTemplatesRefusesThemAndItsTemplateRecognizerNeverFires() {
        var selection = KioskSelection.kiosk
        selection.insert(.template)
        var engine = KioskGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194, selection: selection)
        let template = engine.index(of: .template)!
        let zigzag = [PanelPoint(x: 0, y: 0), PanelPoint(x: 20, y: 0), PanelPoint(x: 0, y: 20), PanelPoint(x: 20, y: 20)]
        #expect(engine.registerTemplate(points: zigzag, label: 7, on: template) == nil)
        var player = GesturePlayer(engine)
        player.play(GestureStrokeTests.stroke([(100, 60), (160, 62), (102, 118), (160, 120)]))
        #expect(!player.actions.contains { $0.hasPrefix("template ") }, "\(player.actions)")
        #expect(player.actions.contains("pan ended @300"), "\(player.actions)")
    }

    /// The same kiosk set in both kinds of engine: the same actions and deliveries, for strokes,
    /// taps, a long press and two fingers.
    @Test(arguments: [
        GestureStrokeTests.stroke(GestureStrokeTests.check),
        GestureStrokeTests.circle(center: (150, 100), radius: 30),
        Scenario().at(0, .down(1, 50, 50)).at(40, .up(1)).at(150, .down(1, 51, 50)).at(190, .up(1)),
        Scenario().at(0, .down(1, 50, 50)).at(700, .up(1)),
        Scenario().at(0, .down(1, 100, 100)).at(0, .down(2, 160, 100))
            .drag(2, from: (160, 100), to: (220, 100), startMs: 10, endMs: 200).at(210, .up(1)).at(210, .up(2)),
    ])
    func theKioskSetBehavesAlikeWithAndWithoutALibrary(scenario: Scenario) {
        var basic = GesturePlayer(kioskEngine())
        basic.play(scenario)
        var kiosk = GesturePlayer(KioskGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194))
        kiosk.play(scenario)
        #expect(!basic.actions.isEmpty)
        #expect(kiosk.actions == basic.actions)
        #expect(kiosk.deliveries == basic.deliveries)
    }
}
