import TouchCore

/// Turns the demo's events into a readable account: one line per recognized gesture as it
/// happens, then a summary of which steps of the tour were recognized.
public final class DemoReport {
    private let names: [String]
    private var firstTouch: Microseconds?
    private var seen: [(time: Microseconds, name: String)] = []
    private var started: [UInt8: Microseconds] = [:]

    public init(names: [String]) { self.names = names }

    /// The line to print for `event`, if it is worth one.
    public func take(_ event: HostEvent) -> String? {
        switch event {
        case .touch(let touch, let time):
            if touch.phase == .began, firstTouch == nil { firstTouch = time }
            return nil
        case .gesture(let gesture):
            let name = Int(gesture.recognizer) < names.count ? names[Int(gesture.recognizer)] : "recognizer-\(gesture.recognizer)"
            switch gesture.state {
            case .began:
                // A continuous gesture is shown once, when it ends, with its whole-gesture values.
                started[gesture.recognizer] = gesture.timestamp
                return nil
            case .changed:
                return nil
            case .cancelled:
                started[gesture.recognizer] = nil
                return nil
            case .ended, .recognized:
                let start = started.removeValue(forKey: gesture.recognizer) ?? gesture.timestamp
                seen.append((scriptTime(start), name))
                var line = "  " + DecimalText.fixed(Double(scriptTime(start)) / 1_000_000, places: 2).padded(to: 6)
                    + " s   " + name.leftAligned(15)
                    + " at " + DecimalText.format(gesture.location.x, places: 1) + ", "
                    + DecimalText.format(gesture.location.y, places: 1) + " mm"
                let details = ReadableEventFormatter.details(of: gesture)
                if !details.isEmpty { line += "   " + details }
                return line
            }
        case .status(let status):
            return "  status: \(status.kind.jsonName)" + (status.count > 0 ? " (\(status.count))" : "")
        }
    }

    /// Device time to tour time: the tour's first touch lands at its first step's start.
    private func scriptTime(_ time: Microseconds) -> Microseconds {
        guard let first = firstTouch, let start = DemoTour.steps.first?.start else { return time }
        return time - first + start
    }

    public func summary() -> [String] {
        var lines: [String] = []
        var recognized = 0
        let steps = DemoTour.steps(for: names)
        for step in steps {
            let hit = seen.contains { $0.name == step.expected && $0.time >= step.start - 100_000 && $0.time <= step.end }
            if hit { recognized += 1 }
            lines.append("  " + (hit ? "✓" : "✗") + " " + step.title.leftAligned(16)
                + (hit ? step.expected : "no \(step.expected)"))
        }
        lines.insert("Recognized \(recognized) of \(steps.count) gestures of the tour:", at: 0)
        return lines
    }
}
