/// Runs a fixed set of recognizers over touch frames with UIKit's semantics: each recognizer's state
/// machine, exclusive recognition unless allowed otherwise, require-to-fail, regions, and the
/// delivery of raw touches to the application. All storage is inline and sized at compile time
/// (`GestureLimits`); the work per frame is bounded by recognizers x touches, never by history.
/// `Custom` is the type of user-written recognizers; `BasicGestureEngine` has none. `capacity` is how
/// many recognizers it holds (at most `GestureLimits.maxRecognizers`, the width of the relation
/// masks): each slot is about a kilobyte, so a set known at build time gets an engine of its size.
public struct GestureEngine<Custom: CustomRecognizer, let capacity: Int> {
    public internal(set) var configuration: GestureEngineConfiguration

    var slots = InlineList<capacity, RecognizerSlot<Custom>>(filler: .placeholder)
    var regions: RegionList
    var touches = EngineTouchList(filler: .placeholder)
    var now: Microseconds = 0
    /// The first finger's stroke, shared by the stroke recognizers.
    /// After a `capture` recognizer's `ended`, `stroke.samples` is the committed stroke.
    public internal(set) var stroke = SharedStroke()
    /// The templates registered on the template recognizers, stored as the custom type says:
    /// nothing at all for a set without templates.
    var templates = Custom.Templates()

    /// Recognizers reset during the current frame's settle, by `RecognizerIndex.bit`.
    var resetInStep: UInt32 = 0
    /// A step's actions and deliveries, until they are handed on: the one copy of each list (a
    /// pipeline reads them here; the public entry points move them to the caller's lists).
    @usableFromInline var events = GestureEventList(filler: .placeholder)
    @usableFromInline var deliveries = TouchDeliveryList(filler: .placeholder)

    /// Actions and deliveries that did not fit the caller's lists, and touches beyond
    /// `GestureLimits.rememberedTouches`: all should stay zero.
    public internal(set) var droppedEvents = 0
    public internal(set) var droppedDeliveries = 0
    public internal(set) var droppedTouches = 0
    /// Units of work the last `process` call did (one per recognizer-touch or touch-record visit):
    /// the measure tests use to show the cost of a frame does not grow with history.
    public internal(set) var lastStepWork = 0
    var work = 0

    public init(configuration: GestureEngineConfiguration) {
        precondition(capacity > 0 && capacity <= GestureLimits.maxRecognizers, "GestureEngine: 1 to 32 slots")
        self.configuration = configuration
        // Not `appendRootRegion()`: a mutating call in an initializer needs `self` whole, and a
        // pipeline around this engine was then built on the stack and copied into place.
        regions = RegionList(root: configuration)
    }

    // MARK: Building

    /// Adds a built-in recognizer; its name defaults to the kind's (`tap`, `long-press`, ...).
    @discardableResult
    public mutating func add(
        _ recognizer: RecognizerSpec, options: RecognizerOptions = RecognizerOptions(),
        name: StaticString? = nil
    ) -> RecognizerIndex {
        insert(.builtIn(recognizer), options: options, name: name ?? recognizer.defaultName)
    }

    /// Adds a recognizer of the engine's custom type.
    @discardableResult
    public mutating func addCustom(
        _ recognizer: Custom, options: RecognizerOptions = RecognizerOptions(),
        name: StaticString = "custom"
    ) -> RecognizerIndex {
        insert(.custom(recognizer), options: options, name: name)
    }

    private mutating func insert(
        _ body: RecognizerBody<Custom>, options: RecognizerOptions, name: StaticString
    ) -> RecognizerIndex {
        precondition(!slots.isFull, "GestureEngine: more recognizers than its slots")
        var slot = RecognizerSlot<Custom>(body: body, options: options, name: name)
        slot.context = freshContext()
        slots.append(slot)
        return RecognizerIndex(slots.count - 1)
    }

    mutating func freshContext() -> RecognizerContext {
        var context = RecognizerContext()
        context.panelWidth = configuration.panelWidth
        context.panelHeight = configuration.panelHeight
        return context
    }

    /// `recognizer` may not leave `possible` until `other` has failed; if `other` begins or
    /// recognizes, `recognizer` fails.
    public mutating func require(_ recognizer: RecognizerIndex, toFail other: RecognizerIndex) {
        slots[recognizer.position].requiresFailureOf |= other.bit
    }

    /// The two may recognize at the same time (the relation is symmetric, as UIKit's either-side rule).
    public mutating func allowSimultaneous(_ a: RecognizerIndex, _ b: RecognizerIndex) {
        slots[a.position].simultaneousWith |= b.bit
        slots[b.position].simultaneousWith |= a.bit
    }

    /// Whether `preventing`, once it begins or recognizes, may make `prevented` fail (default true;
    /// see also `RecognizerOptions.canPreventOthers` and `.canBePrevented`).
    public mutating func setCanPrevent(_ preventing: RecognizerIndex, _ prevented: RecognizerIndex, _ allowed: Bool) {
        if allowed {
            slots[preventing.position].cannotPrevent &= ~prevented.bit
        } else {
            slots[preventing.position].cannotPrevent |= prevented.bit
        }
    }

    /// Adds a region: touches that go down inside it (and in no region above it) belong to it.
    public mutating func addRegion(_ rect: PanelRect, z: Int = 0) -> RegionIndex {
        precondition(!regions.isFull, "GestureEngine: more than GestureLimits.maxRegions regions")
        regions.append(GestureRegion(rect: rect, z: z))
        return RegionIndex(UInt8(regions.count - 1))
    }

    /// Replaces a recognizer's options; they apply from its next touch sequence on.
    public mutating func setOptions(_ options: RecognizerOptions, for recognizer: RecognizerIndex) {
        slots[recognizer.position].options = options
    }

    /// Puts a recognizer on a region: from the next touch on it sees that region's touches only.
    public mutating func attach(_ recognizer: RecognizerIndex, to region: RegionIndex) {
        slots[recognizer.position].options.region = region
    }

    /// Moves the zero of a pan's or edge pan's translation, as UIKit's setTranslation(_:in:).
    public mutating func setTranslation(_ translation: PanelPoint, for recognizer: RecognizerIndex) {
        guard slots[recognizer.position].body.updateBuiltIn({ $0.setTranslation(translation) }) else { return }
        slots[recognizer.position].context.values.translation = translation
    }

    // MARK: Reading

    public var recognizerCount: Int { slots.count }

    public func name(of recognizer: RecognizerIndex) -> StaticString { slots[recognizer.position].name }

    public func kind(of recognizer: RecognizerIndex) -> GestureKind { slots[recognizer.position].body.kind }

    /// The state as the outside sees it: a recognizer waiting for another to fail is `possible`.
    public func state(of recognizer: RecognizerIndex) -> RecognizerState { slots[recognizer.position].state }

    public func options(of recognizer: RecognizerIndex) -> RecognizerOptions { slots[recognizer.position].options }

    /// The region a point belongs to.
    public func region(at point: PanelPoint) -> RegionIndex { regions.hitTest(point) }

    /// The earliest time a recognizer wants to hear about, whether or not a frame comes by then;
    /// call `advance(to:)` at that time.
    /// A `mutating` getter, though it changes nothing: the engine is tens of kilobytes inline,
    /// and a plain getter got a copy of it at every call (a host's run loop asks every pass);
    /// through `inout` it is read where it lies.
    public var nextDeadline: Microseconds? {
        mutating get { Custom._earliestDeadline(&self) }
    }

    mutating func earliestDeadline() -> Microseconds? {
        var earliest: Microseconds? = nil
        for i in slots.indices {
            guard let deadline = slots[i].context.deadline, !slots[i].state.isFinished else { continue }
            if earliest == nil || deadline < earliest! { earliest = deadline }
        }
        return earliest
    }
}

/// An engine that runs built-in recognizers only, as many as an engine can hold.
public typealias BasicGestureEngine = GestureEngine<NoCustomRecognizer, 32>

/// An engine that runs built-in recognizers only, keeps no templates and has a slot for each
/// kiosk recognizer (`KioskRecognizer.count`) and no more: the kiosk set's.
public typealias KioskGestureEngine = GestureEngine<BuiltInRecognizersOnly, 15>

extension GestureEngine: Sendable where Custom: Sendable {}
