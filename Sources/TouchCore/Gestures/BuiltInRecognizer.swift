/// The recognizers TouchCore ships, as one closed enum so an engine stores any of them inline and
/// dispatches with a switch instead of an existential. Stroke gestures join through `.stroke`
/// (StrokeGestureRecognizer.swift); any other new kind adds a case here and an arm to each switch.
public enum BuiltInRecognizer: Sendable {
    case tap(TapRecognizer)
    case longPress(LongPressRecognizer)
    case pan(PanRecognizer)
    case swipe(SwipeRecognizer)
    case pinch(PinchRecognizer)
    case rotation(RotationRecognizer)
    case edgePan(EdgePanRecognizer)
    case stroke(StrokeGestureRecognizer)

    /// The name a recognizer of this kind gets unless it is given one.
    public var defaultName: StaticString {
        switch self {
        case .tap: return "tap"
        case .longPress: return "long-press"
        case .pan: return "pan"
        case .swipe: return "swipe"
        case .pinch: return "pinch"
        case .rotation: return "rotation"
        case .edgePan: return "edge-pan"
        case .stroke(let r): return r.defaultName
        }
    }
}

/// The suggested API's name for what `add(_:)` takes.
public typealias RecognizerSpec = BuiltInRecognizer

extension BuiltInRecognizer: GestureRecognizer {
    public var kind: GestureKind {
        switch self {
        case .tap(let r): return r.kind
        case .longPress(let r): return r.kind
        case .pan(let r): return r.kind
        case .swipe(let r): return r.kind
        case .pinch(let r): return r.kind
        case .rotation(let r): return r.kind
        case .edgePan(let r): return r.kind
        case .stroke(let r): return r.kind
        }
    }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .tap(var r): r.touchesBegan(touches, context: &context); self = .tap(r)
        case .longPress(var r): r.touchesBegan(touches, context: &context); self = .longPress(r)
        case .pan(var r): r.touchesBegan(touches, context: &context); self = .pan(r)
        case .swipe(var r): r.touchesBegan(touches, context: &context); self = .swipe(r)
        case .pinch(var r): r.touchesBegan(touches, context: &context); self = .pinch(r)
        case .rotation(var r): r.touchesBegan(touches, context: &context); self = .rotation(r)
        case .edgePan(var r): r.touchesBegan(touches, context: &context); self = .edgePan(r)
        // Outside an engine there is no shared stroke to judge (GestureEngine calls stroke
        // recognizers through `StrokeGestureRecognizer.call` instead).
        case .stroke: context.state = .failed
        }
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .tap(var r): r.touchesMoved(touches, context: &context); self = .tap(r)
        case .longPress(var r): r.touchesMoved(touches, context: &context); self = .longPress(r)
        case .pan(var r): r.touchesMoved(touches, context: &context); self = .pan(r)
        case .swipe(var r): r.touchesMoved(touches, context: &context); self = .swipe(r)
        case .pinch(var r): r.touchesMoved(touches, context: &context); self = .pinch(r)
        case .rotation(var r): r.touchesMoved(touches, context: &context); self = .rotation(r)
        case .edgePan(var r): r.touchesMoved(touches, context: &context); self = .edgePan(r)
        case .stroke: break
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .tap(var r): r.touchesEnded(touches, context: &context); self = .tap(r)
        case .longPress(var r): r.touchesEnded(touches, context: &context); self = .longPress(r)
        case .pan(var r): r.touchesEnded(touches, context: &context); self = .pan(r)
        case .swipe(var r): r.touchesEnded(touches, context: &context); self = .swipe(r)
        case .pinch(var r): r.touchesEnded(touches, context: &context); self = .pinch(r)
        case .rotation(var r): r.touchesEnded(touches, context: &context); self = .rotation(r)
        case .edgePan(var r): r.touchesEnded(touches, context: &context); self = .edgePan(r)
        case .stroke: break
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .tap(var r): r.touchesCancelled(touches, context: &context); self = .tap(r)
        case .longPress(var r): r.touchesCancelled(touches, context: &context); self = .longPress(r)
        case .pan(var r): r.touchesCancelled(touches, context: &context); self = .pan(r)
        case .swipe(var r): r.touchesCancelled(touches, context: &context); self = .swipe(r)
        case .pinch(var r): r.touchesCancelled(touches, context: &context); self = .pinch(r)
        case .rotation(var r): r.touchesCancelled(touches, context: &context); self = .rotation(r)
        case .edgePan(var r): r.touchesCancelled(touches, context: &context); self = .edgePan(r)
        case .stroke: context.state = context.currentState.isActive ? .cancelled : .failed
        }
    }

    public mutating func deadlineReached(context: inout RecognizerContext) {
        switch self {
        case .tap(var r): r.deadlineReached(context: &context); self = .tap(r)
        case .longPress(var r): r.deadlineReached(context: &context); self = .longPress(r)
        case .pan(var r): r.deadlineReached(context: &context); self = .pan(r)
        case .swipe(var r): r.deadlineReached(context: &context); self = .swipe(r)
        case .pinch(var r): r.deadlineReached(context: &context); self = .pinch(r)
        case .rotation(var r): r.deadlineReached(context: &context); self = .rotation(r)
        case .edgePan(var r): r.deadlineReached(context: &context); self = .edgePan(r)
        case .stroke: break
        }
    }

    public mutating func reset() {
        switch self {
        case .tap(var r): r.reset(); self = .tap(r)
        case .longPress(var r): r.reset(); self = .longPress(r)
        case .pan(var r): r.reset(); self = .pan(r)
        case .swipe(var r): r.reset(); self = .swipe(r)
        case .pinch(var r): r.reset(); self = .pinch(r)
        case .rotation(var r): r.reset(); self = .rotation(r)
        case .edgePan(var r): r.reset(); self = .edgePan(r)
        case .stroke(var r): r.reset(); self = .stroke(r)
        }
    }

    /// One hook as the engine calls it, over its touches in place (`InPlaceHooks`); stroke
    /// recognizers also read the engine's shared stroke. Inlined into the slot's call (one call
    /// less on every hook of every recognizer).
    @inline(__always)
    mutating func call(_ hook: TouchHook, _ touches: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        switch self {
        case .tap(var r): r.call(hook, touches, context: &context); self = .tap(r)
        case .longPress(var r): r.call(hook, touches, context: &context); self = .longPress(r)
        case .pan(var r): r.call(hook, touches, context: &context); self = .pan(r)
        case .swipe(var r): r.call(hook, touches, context: &context); self = .swipe(r)
        case .pinch(var r): r.call(hook, touches, context: &context); self = .pinch(r)
        case .rotation(var r): r.call(hook, touches, context: &context); self = .rotation(r)
        case .edgePan(var r): r.call(hook, touches, context: &context); self = .edgePan(r)
        case .stroke(var r): r.call(hook, touches, shared: &shared, context: &context); self = .stroke(r)
        }
    }

    /// Moves the zero of a pan's or edge pan's translation (UIKit's setTranslation); false for
    /// kinds without a translation.
    mutating func setTranslation(_ value: PanelPoint) -> Bool {
        switch self {
        case .pan(var r): r.setTranslation(value); self = .pan(r); return true
        case .edgePan(var r): r.setTranslation(value); self = .edgePan(r); return true
        default: return false
        }
    }
}
