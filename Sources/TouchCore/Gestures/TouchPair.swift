/// The first two touches of a two-finger gesture, and how the line between them has stretched and
/// turned since the second one went down (contracts.md section 3: whole-gesture values).
struct TouchPair: Sendable {
    private(set) var first: UInt32? = nil
    private(set) var second: UInt32? = nil
    /// Distance between the two touches when the second went down, mm.
    private(set) var initialDistance: Float = 0
    private var lastAngle: Float = 0
    /// Radians turned since then, clockwise on screen positive, unwrapped past half a turn.
    private(set) var rotation: Float = 0
    private(set) var distance: Float = 0
    private(set) var center = PanelPoint.zero

    var isComplete: Bool { second != nil }
    var scale: Float { initialDistance > 0 ? distance / initialDistance : 1 }

    func contains(_ trackingId: UInt32) -> Bool { trackingId == first || trackingId == second }

    /// Offers a new touch; returns false when the pair is already full and the touch is not part of it.
    /// `touches` are the recognizer's (`RecognizerContext.touches`).
    mutating func offer(_ touch: TrackedTouch, among touches: RecognizerTouches) -> Bool {
        if first == nil {
            first = touch.trackingId
            return true
        }
        guard second == nil, let firstId = first, let a = touches.touch(firstId) else { return false }
        second = touch.trackingId
        // The first touch is measured where it is as the second lands, not where it first went down.
        let line = touch.startPosition - a.position
        initialDistance = max(line.length, 1)
        lastAngle = ScalarMath.atan2(line.y, line.x)
        measure(a.position, touch.position)
        rotation = 0
        return true
    }

    /// Re-measures from the touches' current positions; false when one of them is gone.
    mutating func update(among touches: RecognizerTouches) -> Bool {
        guard let firstId = first, let secondId = second,
            let a = touches.touch(firstId), let b = touches.touch(secondId)
        else { return false }
        measure(a.position, b.position)
        return true
    }

    private mutating func measure(_ a: PanelPoint, _ b: PanelPoint) {
        let line = b - a
        distance = line.length
        center = (a + b) * 0.5
        if distance > 0 {
            let angle = ScalarMath.atan2(line.y, line.x)
            rotation += ScalarMath.wrapAngle(angle - lastAngle)
            lastAngle = angle
        }
    }
}
