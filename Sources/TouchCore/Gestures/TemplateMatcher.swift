/// Judges the stroke by the engine's best template match ($1 templates), found once at the lift
/// (`SharedStroke.templateMatch`): the library is kept once per engine, not per slot. A
/// recognizer fires only when the best template overall is one registered on it, so several
/// template recognizers split the shapes between them. Events carry the template's `label` as
/// `template` and its `score`.
public struct TemplateMatcher: SingleStrokeMatcher, Sendable {
    /// Matches scoring below this are no match at all (`TemplateRejection.score`: 1 is perfect).
    public var minimumScore: Float
    /// The recognizer's own index, learned when a template is first registered on it.
    var owner: RecognizerIndex? = nil

    public init(minimumScore: Float = TemplateRejection.defaultMinimumScore) { self.minimumScore = minimumScore }

    public var kind: GestureKind { .template }

    public mutating func end(_ shared: @_addressable SharedStroke, values: inout GestureValues) -> Bool {
        guard owner != nil, let found = shared.templateMatch else { return false }
        return accept(found.match, registeredOn: found.owner, &values)
    }

    public mutating func end(inPlace shared: inout SharedStroke, values: inout GestureValues) -> Bool {
        guard owner != nil, let found = shared.templateMatch else { return false }
        return accept(found.match, registeredOn: found.owner, &values)
    }

    private func accept(_ match: TemplateMatch, registeredOn recognizer: RecognizerIndex, _ values: inout GestureValues) -> Bool {
        guard match.score >= minimumScore, recognizer == owner else { return false }
        values.templateIndex = match.label
        values.score = match.score
        return true
    }
}
