/// Where an engine keeps the templates registered on its template recognizers. The engine's
/// custom type chooses it (`CustomRecognizer.Templates`), so a recognizer set without templates
/// (the kiosk set, or a host set that keeps its templates elsewhere) carries no library at all.
public protocol EngineTemplates: Sendable {
    init()
    /// Templates registered so far.
    var count: Int { get }
    /// Adds an example for the template recognizer `owner`; its index, or nil when there is no
    /// room or the example has fewer than two distinct points.
    mutating func register(_ example: @_addressable StrokeBuffer, label: UInt8, owner: RecognizerIndex) -> Int?
    /// Forgets every template and returns to the settings of `init()`.
    mutating func removeAll()
    /// The best template for a committed stroke and the recognizer it was registered on.
    /// `mutating` so that an inline library is read where it lies, not copied.
    mutating func bestMatch(for stroke: @_addressable StrokeBuffer) -> OwnedTemplateMatch?
}

/// A template match and the template recognizer that owns the matched template.
public struct OwnedTemplateMatch: Equatable, Sendable {
    public var match: TemplateMatch
    public var owner: RecognizerIndex
}

/// Up to `size` templates inline, each with the recognizer it was registered on.
public struct InlineTemplates<let size: Int>: EngineTemplates {
    public private(set) var library = TemplateCollection<size>()
    private var owners = InlineArray<size, UInt8>(repeating: 0)

    public init() {}

    public var count: Int { library.count }

    public mutating func register(_ example: @_addressable StrokeBuffer, label: UInt8, owner: RecognizerIndex) -> Int? {
        guard let index = library.register(example, label: label) else { return nil }
        owners[index] = owner.rawValue
        return index
    }

    public mutating func removeAll() {
        // Emptied in place: a fresh library would be a temporary of its whole size.
        library.removeAll()
        library.minimumScore = 0  // `TemplateCollection()`'s
    }

    public mutating func bestMatch(for stroke: @_addressable StrokeBuffer) -> OwnedTemplateMatch? {
        guard library.count > 0, let match = library.recognizeInPlace(stroke) else { return nil }
        return OwnedTemplateMatch(match: match, owner: RecognizerIndex(owners[match.index]))
    }
}

/// No templates: registering one fails, and no stroke matches. Zero bytes in the engine.
public struct NoTemplates: EngineTemplates {
    public init() {}
    public var count: Int { 0 }
    public mutating func register(_ example: @_addressable StrokeBuffer, label: UInt8, owner: RecognizerIndex) -> Int? { nil }
    public mutating func removeAll() {}
    public mutating func bestMatch(for stroke: @_addressable StrokeBuffer) -> OwnedTemplateMatch? { nil }
}
