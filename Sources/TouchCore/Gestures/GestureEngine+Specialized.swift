/// The engine's per-frame entry points, compiled for the engine without custom recognizers.
///
/// `GestureEngine` is generic over its custom recognizer type, and a host module cannot
/// specialize TouchCore's non-inlinable code: run generically, every frame looked up type
/// metadata and copied slots through value witnesses (docs/performance.md). The public entry
/// points therefore call through `Custom`'s witness table: the defaults run the generic engine,
/// and `NoCustomRecognizer`'s witnesses run a copy that TouchCore specializes for it. One
/// indirect call per frame, and no change in what the engine does.
///
/// The engine's own helpers are `mutating` even where they only read: the engine holds every
/// recognizer slot and the shared stroke inline (about 56 KiB), and a non-mutating method of a
/// value that large received a copy of all of it at every call, several times per recognizer
/// per frame.
extension CustomRecognizer {
    public static func _process(
        _ engine: inout GestureEngine<Self>, _ frame: inout TouchFrame, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        engine.runFrame(&frame, events: &events, deliveries: &deliveries)
    }

    public static func _advance(
        _ engine: inout GestureEngine<Self>, to time: Microseconds, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        engine.runTime(to: time, events: &events, deliveries: &deliveries)
    }

    public static func _earliestDeadline(_ engine: inout GestureEngine<Self>) -> Microseconds? {
        engine.earliestDeadline()
    }
}

extension NoCustomRecognizer {
    public static func _process(
        _ engine: inout GestureEngine<NoCustomRecognizer>, _ frame: inout TouchFrame, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        engine.runFrame(&frame, events: &events, deliveries: &deliveries)
    }

    public static func _advance(
        _ engine: inout GestureEngine<NoCustomRecognizer>, to time: Microseconds, events: inout GestureEventList,
        deliveries: inout TouchDeliveryList
    ) {
        engine.runTime(to: time, events: &events, deliveries: &deliveries)
    }

    public static func _earliestDeadline(_ engine: inout GestureEngine<NoCustomRecognizer>) -> Microseconds? {
        engine.earliestDeadline()
    }
}
