/// Changing recognizers while the engine runs (docs/c-api.md "Run-time configuration").
///
/// The rule: a change to a recognizer takes it out of the touch sequence under way at once. A
/// gesture it had begun is `cancelled` (the action goes out with the engine's next step), one it
/// had not decided fails quietly, the touches it held go to the application as if it had never
/// had them, and recognizers waiting for it to fail are released. Touches already down stay
/// unknown to it (a new or replaced recognizer sees touches that begin after the change).
/// Numbers never move: a removed recognizer leaves a vacant slot, disabled and related to nothing,
/// which `replaceRecognizer` may fill again.
extension GestureEngine {
    /// The built-in recognizer in a slot, with its settings (nil for a custom one).
    public func builtIn(at recognizer: RecognizerIndex) -> BuiltInRecognizer? {
        slots[recognizer.position].body.asBuiltIn
    }

    /// Puts another built-in recognizer in `recognizer`'s slot, keeping its relations, and its
    /// name unless given one (a vacant slot filled again).
    public mutating func replaceRecognizer(
        _ recognizer: RecognizerIndex, with spec: RecognizerSpec, options: RecognizerOptions,
        name: StaticString? = nil
    ) {
        replace(recognizer.position, .builtIn(spec), options: options)
        if let name { slots[recognizer.position].name = name }
    }

    /// Puts a recognizer of the engine's custom type in `recognizer`'s slot, keeping its relations.
    public mutating func replaceRecognizer(
        _ recognizer: RecognizerIndex, withCustom custom: Custom, options: RecognizerOptions,
        name: StaticString? = nil
    ) {
        replace(recognizer.position, .custom(custom), options: options)
        if let name { slots[recognizer.position].name = name }
    }

    /// Empties a slot: the recognizer is withdrawn, and no other recognizer requires it to fail,
    /// recognizes with it or is kept from being prevented by it any more.
    public mutating func removeRecognizer(_ recognizer: RecognizerIndex) {
        let r = recognizer.position
        let keep = ~recognizer.bit
        for s in slots.indices {
            slots[s].requiresFailureOf &= keep
            slots[s].simultaneousWith &= keep
            slots[s].cannotPrevent &= keep
        }
        slots[r].requiresFailureOf = 0
        slots[r].simultaneousWith = 0
        slots[r].cannotPrevent = 0
        var vacant = RecognizerOptions()
        vacant.isEnabled = false
        replace(r, RecognizerSlot<Custom>.placeholder.body, options: vacant)
        slots[r].name = ""
    }

    /// Moves, resizes or restacks a region. Touches already down keep the region they went down in.
    public mutating func setRegion(_ region: RegionIndex, rect: PanelRect, z: Int) {
        regions[Int(region.rawValue)] = GestureRegion(rect: rect, z: z)
    }

    /// Empties a region: no touch goes down in it any more (an empty rectangle contains no point).
    public mutating func removeRegion(_ region: RegionIndex) {
        regions[Int(region.rawValue)] = .placeholder
    }

    private mutating func replace(_ r: Int, _ body: RecognizerBody<Custom>, options: RecognizerOptions) {
        var delegate = NoGestureDelegate()
        withdraw(r, &delegate)
        slots[r].body = body
        slots[r].options = options
        slots[r].context = freshContext()
    }

    /// Takes a recognizer out of the touch sequence under way (the rule above). What it sets off
    /// (its `cancelled`, a waiter that may now act, touches released) waits in the engine's lists
    /// for its next step, which `advance(to:)` at the present makes.
    mutating func withdraw<Delegate: GestureEngineDelegate>(_ r: Int, _ delegate: inout Delegate) {
        if slots[r].state.isActive {
            set(r, .cancelled, action: .cancelled)
        } else if !slots[r].state.isFinished {
            failQuietly(r)
        }
        slots[r].context.touches.held.removeAll()
        reset(r)
        releaseWaiters(&delegate)
        releaseHeldTouches()
    }
}
