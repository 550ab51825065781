/// The stroke gestures built into the engine, each a `SingleStrokeRecognizer` over its matcher.
/// `BuiltInRecognizer.stroke` holds one; the engine calls its hooks with the engine's `SharedStroke`
/// (`call(_:_:shared:context:)`). Build them with `BuiltInRecognizer.checkmark()`, `.circle()`,
/// `.backslash()`, `.capture()` and `.template()`.
public enum StrokeGestureRecognizer: Sendable {
    case checkmark(SingleStrokeRecognizer<AnalyzerMatcher<CheckmarkAnalyzer>>)
    case circle(SingleStrokeRecognizer<AnalyzerMatcher<CircleAnalyzer>>)
    case backslash(SingleStrokeRecognizer<AnalyzerMatcher<BackslashAnalyzer>>)
    case capture(SingleStrokeRecognizer<CaptureMatcher>)
    case template(SingleStrokeRecognizer<TemplateMatcher>)

    public var defaultName: StaticString {
        switch self {
        case .checkmark: return "checkmark"
        case .circle: return "circle"
        case .backslash: return "backslash"
        case .capture: return "capture"
        case .template: return "template"
        }
    }

    public var kind: GestureKind {
        switch self {
        case .checkmark(let r): return r.kind
        case .circle(let r): return r.kind
        case .backslash(let r): return r.kind
        case .capture(let r): return r.kind
        case .template(let r): return r.kind
        }
    }

    /// `shared` is `inout` only so that it is read in place (see `RecognizerSlot.call`).
    mutating func call(_ hook: TouchHook, _ touches: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        switch self {
        case .checkmark(var r): r.call(hook, touches, shared: &shared, context: &context); self = .checkmark(r)
        case .circle(var r): r.call(hook, touches, shared: &shared, context: &context); self = .circle(r)
        case .backslash(var r): r.call(hook, touches, shared: &shared, context: &context); self = .backslash(r)
        case .capture(var r): r.call(hook, touches, shared: &shared, context: &context); self = .capture(r)
        case .template(var r): r.call(hook, touches, shared: &shared, context: &context); self = .template(r)
        }
    }

    public mutating func reset() {
        switch self {
        case .checkmark(var r): r.reset(); self = .checkmark(r)
        case .circle(var r): r.reset(); self = .circle(r)
        case .backslash(var r): r.reset(); self = .backslash(r)
        case .capture(var r): r.reset(); self = .capture(r)
        case .template(var r): r.reset(); self = .template(r)
        }
    }

    /// A template recognizer learns its index from the first registration on it; false for others.
    mutating func adoptTemplates(as owner: RecognizerIndex) -> Bool {
        guard case .template(var r) = self else { return false }
        r.matcher.owner = owner
        self = .template(r)
        return true
    }
}

/// The hook an engine calls, for recognizers dispatched by a switch.
enum TouchHook {
    case began, moved, ended, cancelled
}

extension SingleStrokeRecognizer {
    mutating func call(_ hook: TouchHook, _ touches: HookTouches, shared: inout SharedStroke, context: inout RecognizerContext) {
        switch hook {
        case .began: began(touches, shared: &shared, context: &context)
        case .moved: moved(touches, shared: &shared, context: &context)
        case .ended: ended(touches, shared: &shared, context: &context)
        case .cancelled: cancelled(context: &context)
        }
    }
}

extension BuiltInRecognizer {
    public static func checkmark(_ analyzer: CheckmarkAnalyzer = CheckmarkAnalyzer()) -> BuiltInRecognizer {
        .stroke(.checkmark(SingleStrokeRecognizer(AnalyzerMatcher(analyzer))))
    }

    public static func circle(_ analyzer: CircleAnalyzer = CircleAnalyzer()) -> BuiltInRecognizer {
        .stroke(.circle(SingleStrokeRecognizer(AnalyzerMatcher(analyzer))))
    }

    public static func backslash(_ analyzer: BackslashAnalyzer = BackslashAnalyzer()) -> BuiltInRecognizer {
        .stroke(.backslash(SingleStrokeRecognizer(AnalyzerMatcher(analyzer))))
    }

    public static func capture() -> BuiltInRecognizer {
        .stroke(.capture(SingleStrokeRecognizer(CaptureMatcher())))
    }

    /// A template recognizer; give it shapes with `GestureEngine.registerTemplate(_:label:on:)`.
    public static func template(minimumScore: Float = TemplateRejection.defaultMinimumScore) -> BuiltInRecognizer {
        .stroke(.template(SingleStrokeRecognizer(TemplateMatcher(minimumScore: minimumScore))))
    }
}
