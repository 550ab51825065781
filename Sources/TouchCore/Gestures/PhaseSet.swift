/// The phases present in one frame, gathered once per frame so that each recognizer skips, without
/// looking at a touch, the hooks the frame has nothing for.
struct PhaseSet {
    private var bits: UInt8 = 0

    init(of touches: TouchSpan) {
        for i in touches.indices { bits |= 1 &<< touches[i].phase.rawValue }
    }

    func contains(_ hook: TouchHook) -> Bool {
        let phase: TouchPhase
        switch hook {
        case .began: phase = .began
        case .moved: phase = .moved
        case .ended: phase = .ended
        case .cancelled: phase = .cancelled
        }
        return bits & (1 &<< phase.rawValue) != 0
    }
}
