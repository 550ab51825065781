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
        case replace(Int, RecognizerSpec, RecognizerOptions)
        case replaceWithTemplate(Int, RecognizerOptions)
        case remove(Int)
    }

    /// Recognizer numbers whose recognizer was removed (bit n: number n): vacant until an add fills
    /// the lowest again. Numbers never move.
    public private(set) var removedRecognizers: UInt32 = 0
    /// Region numbers whose region was removed (bit n: region n), likewise.
    public private(set) var removedRegions: UInt32 = 0

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
        guard recognizerCount < Self.maxRecognizers || vacantRecognizer != nil else {
            throw .capacity("a recognizer set holds at most \(Self.maxRecognizers) recognizers")
        }
    }

    public func checkRegion(_ region: Int) throws(RecognizerSetError) {
        guard region >= 0, region <= regions.count else {
            throw .notFound("region \(region) does not exist (regions: 0...\(regions.count))")
        }
        guard removedRegions & (1 << UInt32(region)) == 0 else { throw .notFound("region \(region) was removed") }
    }

    /// Whether `recognizer` names a recognizer of the set (not a removed one).
    public func contains(recognizer: Int) -> Bool {
        recognizer >= 0 && recognizer < recognizerCount && removedRecognizers & (1 << UInt32(recognizer)) == 0
    }

    public func checkRecognizer(_ recognizer: Int) throws(RecognizerSetError) {
        guard recognizer >= 0, recognizer < recognizerCount else {
            throw .notFound("recognizer \(recognizer) does not exist (0..<\(recognizerCount))")
        }
        guard contains(recognizer: recognizer) else { throw .notFound("recognizer \(recognizer) was removed") }
    }

    /// The lowest vacant recognizer number, which the next add fills.
    private var vacantRecognizer: Int? {
        removedRecognizers == 0 ? nil : removedRecognizers.trailingZeroBitCount
    }

    @discardableResult
    public mutating func add(
        _ spec: RecognizerSpec, options: RecognizerOptions = RecognizerOptions(), name: StaticString? = nil
    ) throws(RecognizerSetError) -> Int {
        try checkRoom()
        try checkRegion(Int(options.region.rawValue))
        recipe.append(.builtIn(spec, options, name: name))
        if let vacant = vacantRecognizer {
            removedRecognizers &= ~(1 << UInt32(vacant))
            engine.replaceRecognizer(RecognizerIndex(vacant), with: spec, options: options, name: name ?? spec.defaultName)
            return vacant
        }
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
        if let vacant = vacantRecognizer {
            removedRecognizers &= ~(1 << UInt32(vacant))
            engine.replaceRecognizer(RecognizerIndex(vacant), withCustom: recognizer, options: options, name: "custom")
            return vacant
        }
        return Int(engine.addCustom(recognizer, options: options).rawValue)
    }

    // MARK: Run-time changes (GestureEngine+Reconfiguration.swift has the rule)

    /// Another built-in recognizer, or the same kind with other settings, under the same number,
    /// keeping its relations.
    public mutating func replace(_ recognizer: Int, with spec: RecognizerSpec, options: RecognizerOptions) throws(RecognizerSetError) {
        try checkRecognizer(recognizer)
        try checkRegion(Int(options.region.rawValue))
        recipe.append(.replace(recognizer, spec, options))
        engine.replaceRecognizer(RecognizerIndex(recognizer), with: spec, options: options)
    }

    /// A template recognizer under the number, keeping its relations.
    public mutating func replaceWithTemplateRecognizer(_ recognizer: Int, options: RecognizerOptions) throws(RecognizerSetError) {
        try checkRecognizer(recognizer)
        try checkRegion(Int(options.region.rawValue))
        let stroke = StrokeHolder()
        referents.append(stroke)
        recipe.append(.replaceWithTemplate(recognizer, options))
        engine.replaceRecognizer(RecognizerIndex(recognizer), withCustom: .template(templates, stroke: stroke), options: options)
    }

    /// Removes a recognizer and every relation it had; its number stays vacant until an add fills it.
    public mutating func remove(_ recognizer: Int) throws(RecognizerSetError) {
        try checkRecognizer(recognizer)
        recipe.append(.remove(recognizer))
        engine.removeRecognizer(RecognizerIndex(recognizer))
        removedRecognizers |= 1 << UInt32(recognizer)
    }

    /// The recognizers given `region`'s touches.
    public func recognizers(on region: Int) -> [Int] {
        (0..<recognizerCount).filter {
            contains(recognizer: $0) && Int(engine.options(of: RecognizerIndex($0)).region.rawValue) == region
        }
    }

    /// Moves, resizes or restacks a region; touches already down keep theirs.
    public mutating func setRegion(_ region: Int, rect: PanelRect, z: Int) throws(RecognizerSetError) {
        guard region != 0 else { throw .notFound("region 0 is the whole panel; it cannot be changed") }
        try checkRegion(region)
        regions[region - 1] = (rect, z)
        engine.setRegion(RegionIndex(UInt8(region)), rect: rect, z: z)
    }

    /// Removes a region no recognizer is on; touches already down in it keep it.
    public mutating func removeRegion(_ region: Int) throws(RecognizerSetError) {
        guard region != 0 else { throw .notFound("region 0 is the whole panel; it cannot be removed") }
        try checkRegion(region)
        regions[region - 1] = (Self.emptyRect, Int.min)
        engine.removeRegion(RegionIndex(UInt8(region)))
        removedRegions |= 1 << UInt32(region)
    }

    /// What a removed region becomes: a rectangle no point is in.
    private static let emptyRect = PanelRect(x: 0, y: 0, width: 0, height: 0)

    public mutating func require(_ recognizer: Int, toFail other: Int) {
        recipe.append(.requireToFail(recognizer, other))
        engine.require(RecognizerIndex(recognizer), toFail: RecognizerIndex(other))
    }

    public mutating func allowSimultaneous(_ a: Int, _ b: Int) {
        recipe.append(.simultaneous(a, b))
        engine.allowSimultaneous(RecognizerIndex(a), RecognizerIndex(b))
    }

    public mutating func addRegion(_ rect: PanelRect, z: Int) throws(RecognizerSetError) -> Int {
        if removedRegions != 0 {
            let vacant = removedRegions.trailingZeroBitCount
            removedRegions &= ~(1 << UInt32(vacant))
            regions[vacant - 1] = (rect, z)
            engine.setRegion(RegionIndex(UInt8(vacant)), rect: rect, z: z)
            return vacant
        }
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
        // The kiosk set's `template` is the host's: its examples live once in `templates` (160 of
        // them), not in the engine's own 32-example library (TemplateCapacity.swift).
        if let template = engine.index(of: .template) {
            let stroke = StrokeHolder()
            referents.append(stroke)
            engine.replaceRecognizer(
                template, withCustom: .template(templates, stroke: stroke), options: engine.options(of: template), name: "template")
        }
        for region in regions { _ = engine.addRegion(region.rect, z: region.z) }
        recipe = [.kiosk(selection)]
        removedRecognizers = 0
        return names
    }

    /// The same recognizers, relations and regions on a panel of another size, with no touches.
    public func resized(panelWidth: Float, panelHeight: Float) -> RecognizerSet {
        var copy = RecognizerSet(panelWidth: panelWidth, panelHeight: panelHeight, templates: templates)
        copy.regions = regions
        copy.removedRegions = removedRegions
        for region in regions { _ = copy.engine.addRegion(region.rect, z: region.z) }
        for step in recipe {
            switch step {
            case .kiosk(let selection): _ = copy.rebuildAsKioskSet(selection)
            case .builtIn(let spec, let options, let name): _ = try? copy.add(spec, options: options, name: name)
            case .client(let hooks, let options): _ = try? copy.addClient(hooks, options: options)
            case .template(let options): _ = try? copy.addTemplateRecognizer(options: options)
            case .requireToFail(let a, let b): copy.require(a, toFail: b)
            case .simultaneous(let a, let b): copy.allowSimultaneous(a, b)
            case .replace(let r, let spec, let options): try? copy.replace(r, with: spec, options: options)
            case .replaceWithTemplate(let r, let options): try? copy.replaceWithTemplateRecognizer(r, options: options)
            case .remove(let r): try? copy.remove(r)
            }
        }
        return copy
    }

    /// The running engine's state, put back after the pipeline ran it.
    /// (A change made while it runs goes through `Pipeline.reconfigure`, which sends what it set off.)
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
