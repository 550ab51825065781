import TouchCore

/// The recognizers a host engine runs besides the built-in ones: template strokes (matched
/// against a `TemplateStore`) and recognizers a client writes itself (the C API's callback
/// tables, or any Swift class). Built-in recognizers never pass through here.
///
/// Small plain data on purpose: the engine keeps every recognizer inline in a slot the size of the
/// largest and copies slots as it works, so state of any size lives behind a reference, and the
/// references are `unowned(unsafe)` (a counted reference makes every copy and destruction of a slot
/// go through the type's value witnesses). The `RecognizerSet` that made a recognizer keeps what it
/// refers to alive; only a `RecognizerSet` makes them.
public enum HostRecognizer: CustomRecognizer {
    case client(ClientRecognizer)
    case template(SingleStrokeRecognizer<TemplateMatcher>)

    /// Templates live in the set's `TemplateStore`: the engine keeps no library of its own.
    public typealias Templates = NoTemplates

    /// A template recognizer over `store`'s templates, following its finger in `stroke`.
    static func template(_ store: TemplateStore, stroke: StrokeHolder) -> HostRecognizer {
        .template(SingleStrokeRecognizer(TemplateMatcher(store: store, stroke: stroke)))
    }

    public var kind: GestureKind {
        switch self {
        case .client: .custom
        case .template: .template
        }
    }

    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .client(let r): r.hooks.touchesBegan(touches, context: &context)
        case .template(var r): r.touchesBegan(touches, context: &context); self = .template(r)
        }
    }

    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .client(let r): r.hooks.touchesMoved(touches, context: &context)
        case .template(var r): r.touchesMoved(touches, context: &context); self = .template(r)
        }
    }

    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .client(let r): r.hooks.touchesEnded(touches, context: &context)
        case .template(var r): r.touchesEnded(touches, context: &context); self = .template(r)
        }
    }

    public mutating func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext) {
        switch self {
        case .client(let r): r.hooks.touchesCancelled(touches, context: &context)
        case .template(var r): r.touchesCancelled(touches, context: &context); self = .template(r)
        }
    }

    public mutating func deadlineReached(context: inout RecognizerContext) {
        switch self {
        case .client(let r): r.hooks.deadlineReached(context: &context)
        case .template(var r): r.deadlineReached(context: &context); self = .template(r)
        }
    }

    public mutating func reset() {
        switch self {
        case .client(let r): r.hooks.reset()
        case .template(var r): r.reset(); self = .template(r)
        }
    }
}

/// A recognizer a client writes: its hooks are an object's methods, with the same meaning as
/// `GestureRecognizer`'s. The object keeps its own state between calls.
public protocol ClientRecognizerHooks: AnyObject {
    func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext)
    func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext)
    func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext)
    func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext)
    func deadlineReached(context: inout RecognizerContext)
    func reset()
}

public struct ClientRecognizer {
    public unowned(unsafe) let hooks: any ClientRecognizerHooks
    init(_ hooks: any ClientRecognizerHooks) { self.hooks = hooks }
}

/// The host's engine: built-in recognizers plus `HostRecognizer`s.
public typealias HostEngine = GestureEngine<HostRecognizer, 32>
