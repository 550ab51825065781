/// Which recognizers hold (received the beginning of, and have not let go of) a touch that moved,
/// ended or was cancelled in the frame, by `RecognizerIndex.bit`: gathered once per frame, so a
/// recognizer with none of a phase's touches skips that phase in O(1). A superset: bits are only
/// ever cleared while the frame is dispatched, and a touch the engine does not know counts as held
/// by every recognizer.
struct PhaseHolders {
    var moved: UInt32 = 0
    var ended: UInt32 = 0
    var cancelled: UInt32 = 0

    mutating func add(_ receivers: UInt32, for phase: TouchPhase) {
        switch phase {
        case .moved: moved |= receivers
        case .ended: ended |= receivers
        case .cancelled: cancelled |= receivers
        case .began, .stationary: break
        }
    }
}
