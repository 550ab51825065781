/// The movement of a group of touches' centroid since they went down, kept continuous when touches
/// join or leave: each frame adds the mean step of the touches present before and after it, so a
/// finger landing or lifting does not make the centroid jump.
struct CentroidMotion: Sendable {
    struct Sample: Sendable {
        var trackingId: UInt32
        var position: PanelPoint
    }

    private var samples = InlineList<10, Sample>(filler: Sample(trackingId: 0, position: .zero))
    private(set) var translation = PanelPoint.zero
    private var velocityFilter = VelocityFilter<PanelPoint>()
    private var lastTime: Microseconds = 0
    private(set) var firstTime: Microseconds = 0
    private var started = false

    var velocity: PanelPoint { velocityFilter.value }

    /// Takes the recognizer's touches at `now`; touches not seen before start from where they are.
    mutating func update(_ touches: RecognizerTouches, now: Microseconds) {
        if !started {
            started = true
            firstTime = now
            lastTime = now
        }
        var step = PanelPoint.zero
        var matched = 0
        // The samples through their span: read through the list's subscript, each read copied
        // the whole list (a tenth of a report's time with the kiosk set on the host).
        do {
            let known = samples.elements
            for i in touches.indices {
                let trackingId = touches.trackingId(at: i)
                for j in known.indices where known[j].trackingId == trackingId {
                    step = step + (touches.position(at: i) - known[j].position)
                    matched += 1
                }
            }
        }
        // The samples are replaced in place once every step is taken: a fresh list per frame cost
        // filling all ten positions and copying them back.
        samples.removeAll()
        for i in touches.indices where !touches.phase(at: i).isTerminal {
            samples.append(Sample(trackingId: touches.trackingId(at: i), position: touches.position(at: i)))
        }
        if matched > 0 { step = step / Float(matched) }
        translation = translation + step
        if now > lastTime {
            velocityFilter.add(change: step, over: now - lastTime)
            lastTime = now
        }
    }

    mutating func setTranslation(_ value: PanelPoint) { translation = value }
}
