import TouchCore

/// Synthetic strokes for the analyzer tests: polylines and arcs sampled every `step` mm at 8 ms.
enum StrokeTestShapes {
    static func buffer(_ points: [PanelPoint], spacing: Float = 0.25) -> StrokeBuffer {
        var buffer = StrokeBuffer(spacing: spacing)
        for (i, p) in points.enumerated() {
            buffer.append(StrokeSample(position: p, time: Int64(i) * 8000), final: i == points.count - 1)
        }
        return buffer
    }

    /// Points along the polyline through `corners`, about `step` mm apart.
    static func polyline(_ corners: [PanelPoint], step: Float = 1) -> [PanelPoint] {
        var points = [corners[0]]
        for (a, b) in zip(corners, corners.dropFirst()) {
            let n = max(1, Int((a.distance(to: b) / step).rounded(.up)))
            for i in 1...n { points.append(a + (b - a) * (Float(i) / Float(n))) }
        }
        return points
    }

    /// An arc around `center` from `startAngle` through `turns` full turns (negative: anticlockwise).
    static func arc(center: PanelPoint, radius: Float, startAngle: Float = 0, turns: Float, count: Int = 80,
                    radiusWobble: Float = 0) -> [PanelPoint] {
        (0...count).map { i in
            let a = startAngle + ScalarMath.twoPi * turns * Float(i) / Float(count)
            let r = radius * (1 + radiusWobble * ScalarMath.sin(5 * a))
            return center + PanelPoint(x: r * ScalarMath.cos(a), y: r * ScalarMath.sin(a))
        }
    }

    /// Adds deterministic jitter of up to `amount` mm, as a sensor would.
    static func jittered(_ points: [PanelPoint], by amount: Float) -> [PanelPoint] {
        var state: UInt32 = 12345
        func next() -> Float {
            state = state &* 1_103_515_245 &+ 12345
            return Float((state >> 16) & 0x7FFF) / 0x7FFF * 2 - 1
        }
        return points.map { $0 + PanelPoint(x: next() * amount, y: next() * amount) }
    }

    static func p(_ x: Float, _ y: Float) -> PanelPoint { PanelPoint(x: x, y: y) }
}
