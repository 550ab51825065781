/// One hook's touches, read where they lie: the frame's touches that are the recognizer's and
/// have the hook's phase, by their positions in the frame (or every touch of a list, in order).
/// The engine used to copy them into a 20-touch list of its own (968 bytes of every engine, and a
/// 48-byte copy for each touch of each hook); now a hook gets a pointer and twenty one-byte places.
///
/// Valid for the length of the hook it is handed to: the touches are the caller's.
struct HookTouches {
    private let base: UnsafePointer<TrackedTouch>?
    private var places = InlineArray<20, UInt8>(repeating: 0)
    private(set) var count = 0

    /// None yet of `touches`; `append(place:)` adds them.
    init(of touches: UnsafeBufferPointer<TrackedTouch>) {
        base = touches.baseAddress
    }

    /// All of `touches`, in order (at most 20: a `TouchSet`'s or a frame's).
    init(all touches: UnsafeBufferPointer<TrackedTouch>) {
        base = touches.baseAddress
        for i in touches.indices where i < places.count { append(place: i) }
    }

    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }

    mutating func append(place: Int) {
        places[count] = UInt8(place)
        count += 1
    }

    subscript(i: Int) -> TrackedTouch {
        precondition(i >= 0 && i < count, "HookTouches index out of range")
        return base.unsafelyUnwrapped[Int(places[i])]
    }

    /// The touch with `trackingId`, as `RecognizerContext.touch(_:)` finds it.
    func touch(_ trackingId: UInt32) -> TrackedTouch? {
        for i in indices where self[i].trackingId == trackingId { return self[i] }
        return nil
    }

    /// `body` over all of a public hook's `TouchSet`: the public hooks forward to the engine's.
    static func with<Result>(_ touches: TouchSet, _ body: (HookTouches) -> Result) -> Result {
        touches.elements.withUnsafeBufferPointer { body(HookTouches(all: $0)) }
    }
}
