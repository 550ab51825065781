extension GestureEngine {
    /// Teaches the template recognizer at `recognizer` a shape: an example stroke and the label
    /// its events will carry as `template`. Returns the template's index in the engine's library,
    /// or nil when `recognizer` is not a template recognizer, the library (`Custom.Templates`: 32
    /// templates by default, shared by all template recognizers; none for `BuiltInRecognizersOnly`)
    /// is full, or the example has fewer than two distinct points.
    @discardableResult
    public mutating func registerTemplate(_ example: @_addressable StrokeBuffer, label: UInt8, on recognizer: RecognizerIndex) -> Int? {
        guard recognizer.position < slots.count,
            slots[recognizer.position].body.updateBuiltIn({ builtIn in
                guard case .stroke(var body) = builtIn, body.adoptTemplates(as: recognizer) else { return false }
                builtIn = .stroke(body)
                return true
            })
        else { return nil }
        return templates.register(example, label: label, owner: recognizer)
    }

    /// The same from points alone (an example drawn in mm; time plays no part in the shape).
    @discardableResult
    public mutating func registerTemplate<Points: Sequence<PanelPoint>>(
        points: Points, label: UInt8, on recognizer: RecognizerIndex
    ) -> Int? {
        var example = StrokeBuffer(spacing: 0)
        for point in points { example.append(StrokeSample(position: point, time: 0)) }
        return registerTemplate(example, label: label, on: recognizer)
    }

    /// Forgets every template of every template recognizer.
    public mutating func removeAllTemplates() { templates.removeAll() }

    /// The lift committed the followed finger's stroke: the best template for it is found once,
    /// here, for every template recognizer to read (`SharedStroke.templateMatch`).
    mutating func matchTemplates() {
        guard stroke.capture.state == .committed, templates.count > 0 else { return }
        stroke.templateMatch = templates.bestMatch(for: stroke.capture.stroke)
    }
}
