import TouchCore

/// A recognizer set's stroke templates: TouchCore's `HostTemplateLibrary` (160 examples),
/// shared by reference with every template recognizer of the set, so templates added later count too.
/// A template is a name with one or more examples; the examples of a name share its label, the
/// name's position in `names`, which is what events report as the template, and their spread
/// decides how close a stroke must come (`TemplateRejection`).
public final class TemplateStore {
    public var library = HostTemplateLibrary(minimumScore: TemplateStore.defaultMinimumScore)
    /// A stroke that matches no template this well (0...1, `TemplateRejection.score`) is no template gesture.
    public static let defaultMinimumScore: Float = TemplateRejection.defaultMinimumScore
    /// How many examples a store holds, all names together.
    public static var capacity: Int { HostTemplateLibrary.capacity }
    /// Template names by label, in the order they were first added.
    public private(set) var names: [String] = []

    public init() {}

    /// Registers a stroke drawn through `points` (mm); nil when the library is full or the
    /// points are too close together to make a stroke.
    public func add(_ points: [PanelPoint], label: UInt8) -> Int? {
        var stroke = StrokeBuffer()
        for (i, point) in points.enumerated() {
            stroke.append(StrokeSample(position: point, time: Microseconds(i) * 10_000), final: i == points.count - 1)
        }
        guard let index = library.register(stroke, label: label) else { return nil }
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
        // In place: the library is about 95 KB, which a plain read would copy for every stroke.
        guard let match = store.library.recognizeInPlace(stroke.samples) else { return false }
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
