/// The recognizers of the default `kiosk` set and the other names `--recognizers` accepts
/// (contracts.md section 4).
public enum KioskRecognizer: UInt8, Sendable {
    case tap = 0
    case doubleTap
    case twoFingerTap
    case longPress
    case pan
    case twoFingerPan
    case swipe
    case pinch
    case rotation
    case edgePan
    case checkmark
    case circle
    case backslash
    case capture
    case template

    /// Every case, in raw-value order, for iterating with `KioskRecognizer(rawValue:)`.
    public static let count = 15

    public var name: StaticString {
        switch self {
        case .tap: return "tap"
        case .doubleTap: return "double-tap"
        case .twoFingerTap: return "two-finger-tap"
        case .longPress: return "long-press"
        case .pan: return "pan"
        case .twoFingerPan: return "two-finger-pan"
        case .swipe: return "swipe"
        case .pinch: return "pinch"
        case .rotation: return "rotation"
        case .edgePan: return "edge-pan"
        case .checkmark: return "checkmark"
        case .circle: return "circle"
        case .backslash: return "backslash"
        case .capture: return "capture"
        case .template: return "template"
        }
    }

    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The recognizer behind the name (nil is kept for names whose kind is not built in).
    public func recognizer(panelWidth: Float, panelHeight: Float) -> RecognizerSpec? {
        switch self {
        case .tap: return .tap(TapRecognizer(taps: 1, touches: 1))
        case .doubleTap: return .tap(TapRecognizer(taps: 2, touches: 1))
        case .twoFingerTap: return .tap(TapRecognizer(taps: 1, touches: 2))
        case .longPress: return .longPress(LongPressRecognizer(minimumPressDuration: 500_000, touches: 1))
        case .pan: return .pan(PanRecognizer(minimumTouches: 1))
        case .twoFingerPan: return .pan(PanRecognizer(minimumTouches: 2, maximumTouches: 2))
        case .swipe: return .swipe(SwipeRecognizer(directions: SwipeRecognizer.anyDirection, touches: 1))
        case .pinch: return .pinch(PinchRecognizer())
        case .rotation: return .rotation(RotationRecognizer())
        case .edgePan: return .edgePan(EdgePanRecognizer(edges: EdgePanRecognizer.allEdges))
        // One touch each; simultaneous with pan, arbitrated with swipe (below).
        case .checkmark: return .checkmark()
        case .circle: return .circle()
        case .backslash: return .backslash()
        case .capture: return .capture()
        // Templates are registered on it afterwards: `GestureEngine.registerTemplate`.
        case .template: return .template()
        }
    }

    /// The relations of the kiosk set: (recognizer, requires this to fail).
    static let failureRequirements: InlineArray<6, (KioskRecognizer, KioskRecognizer)> = [
        (.tap, .doubleTap),
        // A touch starting on an edge band and moving inward goes to the edge pan, not the pan.
        (.pan, .edgePan),
        // One stroke, one answer (docs/gestures.md): a shape takes its stroke, so the swipe waits
        // until the shapes have failed, which they do at the lift at the latest. A shape drawn
        // briskly starts like a swipe (a circle's first arc is nearly straight).
        (.swipe, .checkmark), (.swipe, .circle), (.swipe, .template),
        // A backslash is a straight stroke, as a swipe is: a stroke straight and fast enough to
        // be a swipe is one, and the backslash takes what the swipe leaves.
        (.backslash, .swipe),
    ]

    /// Pairs that may recognize together.
    static let simultaneousPairs: InlineArray<11, (KioskRecognizer, KioskRecognizer)> = [
        (.swipe, .pan),
        (.pinch, .rotation), (.pinch, .pan), (.rotation, .pan),
        // Our addition: without these, `pan` would always win two-finger drags first.
        (.twoFingerPan, .pan), (.twoFingerPan, .pinch), (.twoFingerPan, .rotation),
        (.checkmark, .pan), (.circle, .pan), (.backslash, .pan),
        // Templates are shapes like the others, so they too run beside the pan.
        (.template, .pan),
    ]
}

/// A choice of kiosk recognizers, as `--recognizers` names them.
public struct KioskSelection: Equatable, Sendable {
    public var mask: UInt32

    public init(mask: UInt32) { self.mask = mask }

    public init() { self.mask = 0 }

    public mutating func insert(_ recognizer: KioskRecognizer) { mask |= recognizer.bit }

    public func contains(_ recognizer: KioskRecognizer) -> Bool { mask & recognizer.bit != 0 }

    /// contracts.md section 4: the twelve named in the table.
    public static var kiosk: KioskSelection {
        var selection = KioskSelection()
        for raw in 0..<UInt8(KioskRecognizer.count) {
            guard let recognizer = KioskRecognizer(rawValue: raw) else { continue }
            switch recognizer {
            case .twoFingerPan, .capture, .template: continue
            default: selection.insert(recognizer)
            }
        }
        return selection
    }

    /// The kiosk set plus `two-finger-pan`.
    public static var kioskWithTwoFingerPan: KioskSelection {
        var selection = KioskSelection.kiosk
        selection.insert(.twoFingerPan)
        return selection
    }
}

extension GestureEngine {
    /// The default `kiosk` set of contracts.md section 4, on a panel of the given size in mm.
    /// `two-finger-pan` and `capture` are nameable but not in it: pass a selection for them.
    public static func kioskSet(panelWidth: Float, panelHeight: Float) -> GestureEngine {
        kioskSet(panelWidth: panelWidth, panelHeight: panelHeight, selection: .kiosk)
    }

    /// The chosen kiosk recognizers with their relations (a relation is kept when both sides are
    /// chosen). Names whose kind is not built in yet are skipped; `index(of:)` says which were added.
    public static func kioskSet(panelWidth: Float, panelHeight: Float, selection: KioskSelection) -> GestureEngine {
        var engine = GestureEngine(
            configuration: GestureEngineConfiguration(panelWidth: panelWidth, panelHeight: panelHeight))
        engine.addKioskSet(panelWidth: panelWidth, panelHeight: panelHeight, selection: selection)
        return engine
    }

    /// Adds the chosen kiosk recognizers and their relations to an engine without recognizers.
    mutating func addKioskSet(panelWidth: Float, panelHeight: Float, selection: KioskSelection) {
        var indices = InlineArray<15, RecognizerIndex?>(repeating: nil)
        for raw in 0..<UInt8(KioskRecognizer.count) {
            guard let which = KioskRecognizer(rawValue: raw), selection.contains(which),
                let spec = which.recognizer(panelWidth: panelWidth, panelHeight: panelHeight)
            else { continue }
            indices[Int(raw)] = add(spec, name: which.name)
        }
        let requirements = KioskRecognizer.failureRequirements
        for i in requirements.indices {
            let (a, b) = requirements[i]
            if let ia = indices[Int(a.rawValue)], let ib = indices[Int(b.rawValue)] { require(ia, toFail: ib) }
        }
        let pairs = KioskRecognizer.simultaneousPairs
        for i in pairs.indices {
            let (a, b) = pairs[i]
            if let ia = indices[Int(a.rawValue)], let ib = indices[Int(b.rawValue)] { allowSimultaneous(ia, ib) }
        }
    }

    /// The index of a kiosk recognizer in an engine built by `kioskSet`, found by its name.
    public func index(of recognizer: KioskRecognizer) -> RecognizerIndex? {
        let wanted = recognizer.name
        for r in slots.indices where Self.sameName(slots[r].name, wanted) { return RecognizerIndex(r) }
        return nil
    }

    static func sameName(_ a: StaticString, _ b: StaticString) -> Bool {
        guard a.utf8CodeUnitCount == b.utf8CodeUnitCount else { return false }
        let pa = a.utf8Start
        let pb = b.utf8Start
        for i in 0..<a.utf8CodeUnitCount where pa[i] != pb[i] { return false }
        return true
    }
}
