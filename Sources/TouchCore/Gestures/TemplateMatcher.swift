/// Matches the stroke against the engine's template library ($1 templates) at the lift. The
/// library is shared by every template recognizer, 16 KB once per engine rather than per slot; a
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

    public mutating func end(_ shared: SharedStroke, values: inout GestureValues) -> Bool {
        guard owner != nil, let match = shared.templates.recognize(shared.capture.stroke) else { return false }
        return accept(match, registeredOn: shared.owner(ofTemplate: match.index), &values)
    }

    public mutating func end(inPlace shared: inout SharedStroke, values: inout GestureValues) -> Bool {
        guard owner != nil else { return false }
        let stroke = shared.capture.stroke
        guard let match = shared.templates.recognizeInPlace(stroke) else { return false }
        return accept(match, registeredOn: RecognizerIndex(shared.templateOwners[match.index]), &values)
    }

    private func accept(_ match: TemplateLibrary.Match, registeredOn recognizer: RecognizerIndex, _ values: inout GestureValues) -> Bool {
        guard match.score >= minimumScore, recognizer == owner else { return false }
        values.templateIndex = match.label
        values.score = match.score
        return true
    }
}
