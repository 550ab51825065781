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

/// A built-in recognizer or the engine's custom type, stored inline.
enum RecognizerBody<Custom: CustomRecognizer> {
    case builtIn(BuiltInRecognizer)
    case custom(Custom)

    var kind: GestureKind {
        switch self {
        case .builtIn(let r): return r.kind
        case .custom(let r): return r.kind
        }
    }

    typealias Hook = TouchHook

    /// Built-in recognizers read the touches in place; custom ones get them as the public hooks'
    /// `TouchSet`, filled here.
    mutating func call(_ hook: Hook, _ changed: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        switch self {
        case .builtIn(var r):
            r.call(hook, changed, shared: &shared, context: &context)
            self = .builtIn(r)
        case .custom(var r):
            var touches = TouchSet(filler: .placeholder)
            for i in changed.indices { touches.append(changed[i]) }
            switch hook {
            case .began: r.touchesBegan(touches, context: &context)
            case .moved: r.touchesMoved(touches, context: &context)
            case .ended: r.touchesEnded(touches, context: &context)
            case .cancelled: r.touchesCancelled(touches, context: &context)
            }
            self = .custom(r)
        }
    }

    mutating func deadlineReached(context: inout RecognizerContext) {
        switch self {
        case .builtIn(var r): r.deadlineReached(context: &context); self = .builtIn(r)
        case .custom(var r): r.deadlineReached(context: &context); self = .custom(r)
        }
    }

    mutating func reset() {
        switch self {
        case .builtIn(var r): r.reset(); self = .builtIn(r)
        case .custom(var r): r.reset(); self = .custom(r)
        }
    }
}

extension RecognizerSlot: Sendable where Custom: Sendable {}
extension RecognizerBody: Sendable where Custom: Sendable {}
