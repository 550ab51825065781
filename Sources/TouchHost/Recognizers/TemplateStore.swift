import TouchCore

/// A recognizer set's stroke templates: TouchCore's `TemplateLibrary` ($1 unistroke matching),
/// shared by reference with every template recognizer of the set, so templates added later count too.
/// A template is a name with one or more examples (the $1 paper: 97% with one example per
/// gesture, 99% with three or more); the examples of a name share its label, the name's position
/// in `names`, which is what events report as the template.
public final class TemplateStore {
    public var library = TemplateLibrary(minimumScore: TemplateStore.defaultMinimumScore)
    /// A stroke that matches no template this well (0...1) is no template gesture.
    public static let defaultMinimumScore: Float = 0.8
    /// Template names by label, in the order they were first added.
    public private(set) var names: [String] = []
    /// Every example as added (mm), so another engine (the kiosk set's built-in `template`
    /// recognizer, rebuilt for a new panel size) can learn the same templates.
    public private(set) var examples: [(points: [PanelPoint], label: UInt8)] = []

    public init() {}

    /// Registers a stroke drawn through `points` (mm); nil when the library is full or the
    /// points are too close together to make a stroke.
    public func add(_ points: [PanelPoint], label: UInt8) -> Int? {
        var stroke = StrokeBuffer()
        for (i, point) in points.enumerated() {
            stroke.append(StrokeSample(position: point, time: Microseconds(i) * 10_000), final: i == points.count - 1)
        }
        guard let index = library.register(stroke, label: label) else { return nil }
        examples.append((points, label))
        return index
    }

    /// Adds an example of the template `name` (a new name gets the next label); returns the
    /// template's label, or nil when the library is full or the points make no stroke.
    public func add(_ points: [PanelPoint], name: String) -> UInt8? {
        let label = UInt8(clamping: names.firstIndex(of: name) ?? names.count)
        guard add(points, label: label) != nil else { return nil }
        if Int(label) == names.count { names.append(name) }
        return label
    }

    /// Teaches `engine`'s built-in template recognizer at `recognizer` every example.
    func register<Custom: CustomRecognizer>(on engine: inout GestureEngine<Custom>, recognizer: RecognizerIndex) {
        for example in examples { engine.registerTemplate(points: example.points, label: example.label, on: recognizer) }
    }
}

/// The matcher of a template recognizer: the stroke of the followed finger, judged against the
/// context's templates at the lift. `SingleStrokeRecognizer` (TouchCore) does the rest.
public struct TemplateMatcher: SingleStrokeMatcher {
    /// Kept alive, as the holder is, by the `RecognizerSet` that made the matcher (see `HostRecognizer`).
    unowned(unsafe) let store: TemplateStore
    /// The followed finger's samples, behind a reference: a stroke buffer inline would make every
    /// recognizer slot of the engine as large as it.
    unowned(unsafe) let stroke: StrokeHolder

    init(store: TemplateStore, stroke: StrokeHolder) {
        self.store = store
        self.stroke = stroke
    }

    public var kind: GestureKind { .template }

    public mutating func begin(at point: PanelPoint, time: Microseconds) {
        stroke.samples.removeAll()
        stroke.samples.append(StrokeSample(position: point, time: time))
    }

    public mutating func move(to point: PanelPoint, time: Microseconds) -> Bool {
        stroke.samples.append(StrokeSample(position: point, time: time))
        return true
    }

    public mutating func end(at point: PanelPoint, time: Microseconds, values: inout GestureValues) -> Bool {
        stroke.samples.append(StrokeSample(position: point, time: time), final: true)
        guard let match = store.library.recognize(stroke.samples) else { return false }
        values.templateIndex = match.label
        values.score = match.score
        return true
    }

    public mutating func cancel() { stroke.samples.removeAll() }
}

/// One template recognizer's stroke.
final class StrokeHolder {
    var samples = StrokeBuffer()
}
