/// The engine's per-frame entry points, compiled for the engine without custom recognizers or
/// templates, sized for the kiosk set (`KioskGestureEngine`, `BuiltInRecognizersOnly` with 15 slots:
/// the kiosk set as the benchmarks run it).
///
/// `GestureEngine` is generic over its custom recognizer type and its slot count, and a host module cannot
/// specialize TouchCore's non-inlinable code: run generically, every frame looked up type
/// metadata and copied slots through value witnesses (docs/performance.md). The public entry
/// points therefore call through `Custom`'s witness table: the defaults run the generic engine,
/// and `BuiltInRecognizersOnly`'s witnesses run the copy that TouchCore specializes for the kiosk
/// engine's 15 slots when the engine has 15 (a witness of a requirement generic over the slot
/// count is itself generic: the check of the count picks the specialized code). One
/// indirect call per frame, and no change in what the engine does. They leave the step's actions
/// and deliveries in the engine's own lists (`events`, `deliveries`): a pipeline
/// hands them on from there, the public entry points move them to the caller's lists. (Only one engine is
/// specialized here: each copy of the engine adds to the size of every host binary;
/// `BasicGestureEngine` runs the generic engine from another module unless that module is built
/// with cross-module optimization.)
///
/// The engine's own helpers are `mutating` even where they only read: the engine holds every
/// recognizer slot and the shared stroke inline (about 56 KiB), and a non-mutating method of a
/// value that large received a copy of all of it at every call, several times per recognizer
/// per frame.
extension CustomRecognizer {
    public static func _process<let capacity: Int>(_ engine: inout GestureEngine<Self, capacity>, _ frame: inout TouchFrame) {
        engine.runFrame(&frame)
    }

    public static func _advance<let capacity: Int>(_ engine: inout GestureEngine<Self, capacity>, to time: Microseconds) {
        engine.runTime(to: time)
    }

    public static func _earliestDeadline<let capacity: Int>(_ engine: inout GestureEngine<Self, capacity>) -> Microseconds? {
        engine.earliestDeadline()
    }
}

// Embedded Swift specializes every generic call in the module that makes it, so the firmware
// needs no copy made here.
#if !hasFeature(Embedded)
extension BuiltInRecognizersOnly {
    public static func _process<let capacity: Int>(
        _ engine: inout GestureEngine<BuiltInRecognizersOnly, capacity>, _ frame: inout TouchFrame
    ) {
        guard asKioskEngine(&engine, { $0.runFrame(&frame) }) != nil else { return engine.runFrame(&frame) }
    }

    public static func _advance<let capacity: Int>(
        _ engine: inout GestureEngine<BuiltInRecognizersOnly, capacity>, to time: Microseconds
    ) {
        guard asKioskEngine(&engine, { $0.runTime(to: time) }) != nil else { return engine.runTime(to: time) }
    }

    public static func _earliestDeadline<let capacity: Int>(
        _ engine: inout GestureEngine<BuiltInRecognizersOnly, capacity>
    ) -> Microseconds? {
        if let kiosk = asKioskEngine(&engine, { $0.earliestDeadline() }) { return kiosk }
        return engine.earliestDeadline()
    }

    /// `body` on the engine as a `KioskGestureEngine`, where it is one (15 slots: then the two
    /// are the same type, and the memory is the same value); nil otherwise.
    ///
    /// The engine's address comes from the `inout` argument's conversion to a raw pointer, which
    /// needs no type metadata: `withUnsafeMutablePointer(to:)` and `withMemoryRebound`, generic
    /// over the engine's type, looked its metadata up in the runtime's cache twice a call, six
    /// times a report (about 2 000 instructions, more than the tracker's work).
    @inline(__always)
    private static func asKioskEngine<let capacity: Int, Result>(
        _ engine: inout GestureEngine<BuiltInRecognizersOnly, capacity>, _ body: (inout KioskGestureEngine) -> Result
    ) -> Result? {
        guard capacity == 15 else { return nil }
        return onKioskEngine(at: &engine, body)
    }

    @inline(__always)
    private static func onKioskEngine<Result>(
        at address: UnsafeMutableRawPointer, _ body: (inout KioskGestureEngine) -> Result
    ) -> Result {
        body(&address.assumingMemoryBound(to: KioskGestureEngine.self).pointee)
    }
}
#endif
