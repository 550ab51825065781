/// What an engine stores for one recognizer: the recognizer itself, its context, its options and
/// relations (bit masks over recognizer indices), and the arbitration state UIKit keeps privately.
struct RecognizerSlot<Custom: CustomRecognizer> {
    var body: RecognizerBody<Custom>
    var context = RecognizerContext()
    var options: RecognizerOptions
    var name: StaticString

    /// Recognizers that must fail before this one may leave `possible`.
    var requiresFailureOf: UInt32 = 0
    var simultaneousWith: UInt32 = 0
    /// Recognizers this one may not make fail (per-pair canPrevent = false).
    var cannotPrevent: UInt32 = 0

    /// The transition this recognizer asked for while a recognizer it requires to fail was still
    /// undecided: `.began` or `.ended`. Outwardly it stays `possible` meanwhile.
    var pending: RecognizerState? = nil
    /// A continuous gesture that also ended while it waited.
    var pendingEnded = false
    /// It has received a touch since its last reset: it takes part in this touch sequence.
    var engaged = false
    /// It sent `began` or `recognized` in this touch sequence.
    var hasFired = false

    var state: RecognizerState { context.currentState }

    /// Runs one hook in place (a slot is as large as the largest built-in, so it is not copied out
    /// and back), with the engine's touch table lent to the context and its time, location and
    /// touch count prepared first.
    /// `shared` is `inout` only so that it is not copied (tens of KiB, templates included) for
    /// every hook of every recognizer: a borrowed argument read from the engine is materialized.
    mutating func call(
        _ hook: TouchHook, _ changed: HookTouches, table: Span<EngineTouch>, shared: inout SharedStroke,
        at now: Microseconds
    ) {
        table.withUnsafeBufferPointer { table in
            context.touches.table = table.baseAddress
            context.prepare(at: now)
            body.call(hook, changed, shared: &shared, context: &context)
            context.touches.table = nil
        }
    }

    /// A deadline the recognizer set has come: cleared, then handed to it, in place.
    mutating func reachDeadline(at now: Microseconds, table: Span<EngineTouch>) {
        table.withUnsafeBufferPointer { table in
            context.touches.table = table.baseAddress
            context.deadline = nil
            context.prepare(at: now)
            body.deadlineReached(context: &context)
            context.touches.table = nil
        }
    }

    static var placeholder: RecognizerSlot {
        RecognizerSlot(body: .builtIn(.tap(TapRecognizer())), options: RecognizerOptions(), name: "")
    }
}

/// A built-in recognizer or the engine's custom type, stored inline. A struct of the two, not an
/// enum: a hook reached a recognizer in an enum by copying the payload out and back (up to 190
/// bytes each way, for every hook of every recognizer: 1 200 instructions a report on the
/// Cortex-M4 with ten fingers), a stored property is called where it lies. The kiosk's custom
/// type is empty, so its slots are no larger; a host's holds both (`custom` wins when set).
struct RecognizerBody<Custom: CustomRecognizer> {
    /// The recognizer unless `custom` is set (then a placeholder nobody calls).
    private(set) var builtIn: BuiltInRecognizer
    private(set) var custom: Custom?
    /// `builtIn.kind`, kept: reading the case of the enum copied the whole recognizer (186 bytes)
    /// for every event of every recognizer.
    private var builtInKind: GestureKind

    private init(builtIn: BuiltInRecognizer, custom: Custom?) {
        self.builtIn = builtIn
        self.custom = custom
        builtInKind = builtIn.kind
    }

    static func builtIn(_ recognizer: BuiltInRecognizer) -> RecognizerBody {
        RecognizerBody(builtIn: recognizer, custom: nil)
    }

    static func custom(_ recognizer: Custom) -> RecognizerBody {
        RecognizerBody(builtIn: .tap(TapRecognizer()), custom: recognizer)
    }

    /// The built-in recognizer, nil for a custom one.
    var asBuiltIn: BuiltInRecognizer? { custom == nil ? builtIn : nil }

    /// Changes the built-in recognizer in place; false (and nothing done) for a custom one.
    mutating func updateBuiltIn(_ change: (inout BuiltInRecognizer) -> Bool) -> Bool {
        guard custom == nil else { return false }
        defer { builtInKind = builtIn.kind }
        return change(&builtIn)
    }

    var kind: GestureKind { custom?.kind ?? builtInKind }

    typealias Hook = TouchHook

    /// Built-in recognizers read the touches in place; custom ones get them as the public hooks'
    /// `TouchSet`, filled here.
    mutating func call(_ hook: Hook, _ changed: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        guard custom != nil else { return builtIn.call(hook, changed, shared: &shared, context: &context) }
        var touches = TouchSet(filler: .placeholder)
        for i in changed.indices { touches.append(changed[i]) }
        switch hook {
        case .began: custom!.touchesBegan(touches, context: &context)
        case .moved: custom!.touchesMoved(touches, context: &context)
        case .ended: custom!.touchesEnded(touches, context: &context)
        case .cancelled: custom!.touchesCancelled(touches, context: &context)
        }
    }

    mutating func deadlineReached(context: inout RecognizerContext) {
        guard custom != nil else { return builtIn.deadlineReached(context: &context) }
        custom!.deadlineReached(context: &context)
    }

    mutating func reset() {
        guard custom != nil else { return builtIn.reset() }
        custom!.reset()
    }
}

extension RecognizerSlot: Sendable where Custom: Sendable {}
extension RecognizerBody: Sendable where Custom: Sendable {}
