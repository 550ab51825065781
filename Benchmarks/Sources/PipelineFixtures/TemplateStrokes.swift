import SeededRandom
import TouchCore
import TouchHost

/// A host recognizer set's full template library, 16 gestures x 10 examples, and strokes to match
/// against it: the library size the $1 paper's largest user-dependent case uses (T = 10). The
/// shapes are drawn by program (polylines and arcs with a seeded wobble), so the benchmark needs
/// no data files; matching cost depends on the number of examples, not on their shapes.
public final class TemplateStrokes {
    public let store = TemplateStore()
    public let strokes: [StrokeBuffer]
    private var next = 0

    public init(gestures: Int = 16, examplesPerGesture: Int = 10, strokeCount: Int = 64) {
        var random = SplitMix64(seed: 27)
        for gesture in 0..<gestures {
            for _ in 0..<examplesPerGesture {
                _ = store.add(Self.drawing(gesture, &random), name: "gesture\(gesture)")
            }
        }
        strokes = (0..<strokeCount).map { i in
            var stroke = StrokeBuffer()
            let points = Self.drawing(i % gestures, &random)
            for (j, point) in points.enumerated() {
                stroke.append(StrokeSample(position: point, time: Microseconds(j) * 8_000), final: j == points.count - 1)
            }
            return stroke
        }
    }

    /// Matches the next stroke; the match's label, or -1 for none.
    public func matchNext() -> Int {
        defer { next = (next + 1) % strokes.count }
        guard let match = store.library.recognizeInPlace(strokes[next]) else { return -1 }
        return Int(match.label)
    }

    /// Gesture `n`: a polyline through corners on a circle, or a spiral arc, 40 mm across, wobbled.
    static func drawing(_ n: Int, _ random: inout SplitMix64) -> [PanelPoint] {
        var points: [PanelPoint] = []
        let corners = 2 + n % 5
        let turn = Float(n / 5 + 1) * 0.7
        for i in 0...(corners * 12) {
            let t = Float(i) / Float(corners * 12)
            let angle = t * turn * 2 * ScalarMath.pi + Float(n) * 0.4
            let radius = 20 * (1 - 0.3 * t) + random.uniform(-0.6...0.6)
            points.append(PanelPoint(x: 60 + radius * ScalarMath.cos(angle), y: 60 + radius * ScalarMath.sin(angle)))
        }
        return points
    }
}
