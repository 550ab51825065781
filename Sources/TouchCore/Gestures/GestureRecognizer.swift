/// Touches that changed phase together in one frame, as handed to a recognizer's hooks.
public typealias TouchSet = InlineList<20, TrackedTouch>

/// A recognizer: UIKit's subclassing contract as a value type. The hooks look at the touches and
/// set `context.state`; the engine sends actions, arbitrates between recognizers and resets.
/// Built-in recognizers and custom ones conform alike, so the engine needs no existentials.
public protocol GestureRecognizer {
    /// The kind events carry.
    var kind: GestureKind { get }
    mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext)
    mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext)
    mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext)
    mutating func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext)
    /// `context.deadline` has come (through a frame's timestamp or `advance(to:)`).
    mutating func deadlineReached(context: inout RecognizerContext)
    /// Back to the initial configuration: called before the engine returns the state to `possible`.
    mutating func reset()
}

extension GestureRecognizer {
    public mutating func touchesCancelled(_ touches: TouchSet, context: inout RecognizerContext) {
        context.state = context.currentState.isActive ? .cancelled : .failed
    }
    public mutating func deadlineReached(context: inout RecognizerContext) {}
    public mutating func reset() {}
}

/// A recognizer written by a user of TouchCore. The engine holds one generic `Custom` type, so an
/// application with several custom gestures makes `Custom` an enum over them.
///
/// The underscored requirements are the engine's per-frame entry points, reached through the
/// custom type's witness table (see GestureEngine+Specialized.swift); leave them to their defaults.
public protocol CustomRecognizer: GestureRecognizer {
    /// Where the engine keeps the templates registered on its template recognizers: 32 inline by
    /// default; `NoTemplates` for a set that has none or keeps them elsewhere (no bytes at all).
    associatedtype Templates: EngineTemplates = EngineTemplateLibrary

    static func _process<let capacity: Int>(_ engine: inout GestureEngine<Self, capacity>, _ frame: inout TouchFrame)
    static func _advance<let capacity: Int>(_ engine: inout GestureEngine<Self, capacity>, to time: Microseconds)
    static func _earliestDeadline<let capacity: Int>(_ engine: inout GestureEngine<Self, capacity>) -> Microseconds?
}

/// The `Custom` of an engine that runs built-in recognizers only.
public struct NoCustomRecognizer: CustomRecognizer, Sendable {
    public init() {}
    public var kind: GestureKind { .custom }
    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        context.state = .failed
    }
    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {}
    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {}
}

/// The `Custom` of an engine that runs built-in recognizers only and keeps no template library:
/// a set without template recognizers, such as the kiosk set (on the controller, 18 KB less).
/// `registerTemplate` on such an engine returns nil.
public struct BuiltInRecognizersOnly: CustomRecognizer, Sendable {
    public typealias Templates = NoTemplates
    public init() {}
    public var kind: GestureKind { .custom }
    public mutating func touchesBegan(_ touches: TouchSet, context: inout RecognizerContext) {
        context.state = .failed
    }
    public mutating func touchesMoved(_ touches: TouchSet, context: inout RecognizerContext) {}
    public mutating func touchesEnded(_ touches: TouchSet, context: inout RecognizerContext) {}
}
