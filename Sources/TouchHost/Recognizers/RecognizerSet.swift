import TouchCore

/// A host engine's recognizers, relations, regions and templates, with the recipe that built them,
/// so the same set can be made again for another panel size (a device that describes itself after
/// the client configured its recognizers). The C API's contexts and the command line both use it.
public struct RecognizerSet {
    public private(set) var engine: HostEngine
    public let panelWidth: Float
    public let panelHeight: Float
    /// Regions as added (the root excluded), so a rebuilt engine gets them back.
    public private(set) var regions: [(rect: PanelRect, z: Int)] = []
    /// The set's templates, shared by its template recognizers.
    public let templates: TemplateStore
    private var recipe: [Step] = []
    /// What the engine's recognizers refer to without counting (`HostRecognizer`): alive while the set is.
    private var referents: [AnyObject] = []

    private enum Step {
        case kiosk(KioskSelection)
        case builtIn(RecognizerSpec, RecognizerOptions, name: StaticString?)
        case client(any ClientRecognizerHooks, RecognizerOptions)
        case template(RecognizerOptions)
        case requireToFail(Int, Int)
        case simultaneous(Int, Int)
    }

    public static let maxRecognizers = GestureLimits.maxRecognizers
    public static let maxRegions = GestureLimits.maxRegions - 1

    public init(panelWidth: Float, panelHeight: Float, templates: TemplateStore = TemplateStore()) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.templates = templates
        engine = HostEngine(configuration: GestureEngineConfiguration(panelWidth: panelWidth, panelHeight: panelHeight))
    }

    /// The recognizers `--recognizers` names, with the kiosk set's relations (contracts.md section 4);
    /// a `template` recognizer among them knows `templates`' examples (`--template`).
    public init(_ selection: RecognizerSelection, panel: PanelSize, templates: TemplateStore = TemplateStore()) {
        self.init(panelWidth: panel.width, panelHeight: panel.height, templates: templates)
        _ = rebuildAsKioskSet(selection.kioskSelection)
    }

    public var recognizerCount: Int { engine.recognizerCount }

    public func kind(of recognizer: Int) -> GestureKind { engine.kind(of: RecognizerIndex(recognizer)) }

    /// Recognizer names by index: what a gesture event's `recognizer` refers to.
    public var names: [String] { (0..<engine.recognizerCount).map { engine.name(of: RecognizerIndex($0)).text } }

    public func checkRoom() throws(RecognizerSetError) {
        guard recognizerCount < Self.maxRecognizers else {
            throw .capacity("a recognizer set holds at most \(Self.maxRecognizers) recognizers")
        }
    }

    public func checkRegion(_ region: Int) throws(RecognizerSetError) {
        guard region >= 0, region <= regions.count else {
            throw .notFound("region \(region) does not exist (regions: 0...\(regions.count))")
        }
    }

    @discardableResult
    public mutating func add(
        _ spec: RecognizerSpec, options: RecognizerOptions = RecognizerOptions(), name: StaticString? = nil
    ) throws(RecognizerSetError) -> Int {
        try checkRoom()
        try checkRegion(Int(options.region.rawValue))
        recipe.append(.builtIn(spec, options, name: name))
        return Int(engine.add(spec, options: options, name: name).rawValue)
    }

    /// A recognizer the client writes: `hooks` gets every touch and timer the engine gives it.
    @discardableResult
    public mutating func addClient(_ hooks: any ClientRecognizerHooks, options: RecognizerOptions = RecognizerOptions())
        throws(RecognizerSetError) -> Int
    {
        let index = try addCustom(.client(ClientRecognizer(hooks)), options: options)
        referents.append(hooks)
        recipe.append(.client(hooks, options))
        return index
    }

    /// A recognizer of strokes that match one of the set's templates.
    @discardableResult
    public mutating func addTemplateRecognizer(options: RecognizerOptions = RecognizerOptions()) throws(RecognizerSetError) -> Int {
        let stroke = StrokeHolder()
        let index = try addCustom(.template(templates, stroke: stroke), options: options)
        referents.append(stroke)
        recipe.append(.template(options))
        return index
    }

    private mutating func addCustom(_ recognizer: HostRecognizer, options: RecognizerOptions) throws(RecognizerSetError) -> Int {
        try checkRoom()
        try checkRegion(Int(options.region.rawValue))
        return Int(engine.addCustom(recognizer, options: options).rawValue)
    }

    public mutating func require(_ recognizer: Int, toFail other: Int) {
        recipe.append(.requireToFail(recognizer, other))
        engine.require(RecognizerIndex(recognizer), toFail: RecognizerIndex(other))
    }

    public mutating func allowSimultaneous(_ a: Int, _ b: Int) {
        recipe.append(.simultaneous(a, b))
        engine.allowSimultaneous(RecognizerIndex(a), RecognizerIndex(b))
    }

    public mutating func addRegion(_ rect: PanelRect, z: Int) throws(RecognizerSetError) -> Int {
        guard regions.count < Self.maxRegions else {
            throw .capacity("a recognizer set holds at most \(Self.maxRegions) regions besides the whole panel")
        }
        regions.append((rect, z))
        return Int(engine.addRegion(rect, z: z).rawValue)
    }

    /// Replaces the engine by the kiosk recognizers of `selection` with their relations, keeping the
    /// regions. Only valid while the engine holds no other recognizers (their numbers would move).
    public mutating func rebuildAsKioskSet(_ selection: KioskSelection) -> [String] {
        engine = HostEngine.kioskSet(panelWidth: panelWidth, panelHeight: panelHeight, selection: selection)
        if let template = engine.index(of: .template) { templates.register(on: &engine, recognizer: template) }
        for region in regions { _ = engine.addRegion(region.rect, z: region.z) }
        recipe = [.kiosk(selection)]
        return names
    }

    /// The same recognizers, relations and regions on a panel of another size, with no touches.
    public func resized(panelWidth: Float, panelHeight: Float) -> RecognizerSet {
        var copy = RecognizerSet(panelWidth: panelWidth, panelHeight: panelHeight, templates: templates)
        copy.regions = regions
        for region in regions { _ = copy.engine.addRegion(region.rect, z: region.z) }
        for step in recipe {
            switch step {
            case .kiosk(let selection): _ = copy.rebuildAsKioskSet(selection)
            case .builtIn(let spec, let options, let name): _ = try? copy.add(spec, options: options, name: name)
            case .client(let hooks, let options): _ = try? copy.addClient(hooks, options: options)
            case .template(let options): _ = try? copy.addTemplateRecognizer(options: options)
            case .requireToFail(let a, let b): copy.require(a, toFail: b)
            case .simultaneous(let a, let b): copy.allowSimultaneous(a, b)
            }
        }
        return copy
    }

    /// The running engine's state, put back after the pipeline ran it.
    mutating func adopt(_ running: HostEngine) { engine = running }
}

/// Why a recognizer set refused a change.
public enum RecognizerSetError: Error, CustomStringConvertible {
    case capacity(String)
    case notFound(String)

    public var description: String {
        switch self {
        case .capacity(let message), .notFound(let message): message
        }
    }
}
