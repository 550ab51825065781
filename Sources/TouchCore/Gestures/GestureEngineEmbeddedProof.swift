/// Embedded Swift compiles generic code only where it is used with concrete types, so without a
/// concrete use the Embedded build (scripts/embedded-check) would never compile the engine and could
/// not prove it allocation-free. This walks every entry point of the kiosk engine once.
public enum GestureEngineEmbeddedProof {
    public static func run(_ frame: TouchFrame) -> Int {
        var engine = BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194)
        let region = engine.addRegion(PanelRect(x: 0, y: 0, width: 100, height: 100), z: 1)
        var options = RecognizerOptions(region: region)
        options.delaysTouchesBegan = true
        let tap = engine.add(.tap(TapRecognizer()), options: options)
        engine.setCanPrevent(tap, RecognizerIndex(0), false)
        engine.setTranslation(.zero, for: RecognizerIndex(4))
        var events = GestureEventList(filler: .placeholder)
        var deliveries = TouchDeliveryList(filler: .placeholder)
        engine.process(frame, events: &events, deliveries: &deliveries)
        engine.advance(to: engine.nextDeadline ?? frame.timestamp, events: &events, deliveries: &deliveries)
        engine.cancelAll(at: frame.timestamp, events: &events, deliveries: &deliveries)
        // Run-time configuration: replaced mid-sequence, removed, a region moved and emptied.
        engine.process(frame, events: &events, deliveries: &deliveries)
        if let builtIn = engine.builtIn(at: tap) { engine.replaceRecognizer(tap, with: builtIn, options: RecognizerOptions()) }
        engine.removeRecognizer(RecognizerIndex(6))
        engine.setRegion(region, rect: PanelRect(x: 10, y: 10, width: 50, height: 50), z: 2)
        engine.removeRegion(region)
        engine.advance(to: frame.timestamp, events: &events, deliveries: &deliveries)
        return events.count + deliveries.count + engine.name(of: tap).utf8CodeUnitCount
    }
}
