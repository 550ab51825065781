import TouchCore

/// Turns the demo's events into a readable account: one line per stroke's answer as it happens,
/// then a summary of which steps of the tour were recognized. A pan runs beside the one-finger
/// gestures (contracts.md section 4): when a stroke ends as a swipe or a shape, the pan that
/// followed it is said on that line instead of a line of its own.
public final class DemoReport {
    private let names: [String]
    private var firstTouch: Microseconds?
    private var seen: [(time: Microseconds, name: String)] = []
    private var started: [UInt8: Microseconds] = [:]
    /// A continuous gesture's line, held until it is clear whether its stroke had another answer.
    private var held: (line: String, name: String, time: Microseconds)?

    public init(names: [String]) { self.names = names }

    /// The line to print for `event`, if it is worth one.
    public func take(_ event: HostEvent) -> String? {
        switch event {
        case .touch(let touch, let time, _):
            if touch.phase == .began, firstTouch == nil { firstTouch = time }
            return touch.phase == .began ? flush() : nil
        case .gesture(let gesture, _):
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
                let continuous = started[gesture.recognizer] != nil
                let start = started.removeValue(forKey: gesture.recognizer) ?? gesture.timestamp
                seen.append((scriptTime(start), name))
                var line = entry(at: start, name, gesture.location)
                let details = ReadableEventFormatter.details(of: gesture)
                if !details.isEmpty { line += "   " + details }
                if continuous {
                    let earlier = flush()
                    held = (line, name, gesture.timestamp)
                    return earlier
                }
                if let pan = held, pan.time == gesture.timestamp {
                    held = nil
                    return line + "   (\(pan.name) beside it)"
                }
                return [flush(), line].compactMap { $0 }.joined(separator: "\n")
            }
        case .status(let status) where status.kind == .palmBegan:
            // Where the hand lay; it made no touch (unless --palms report).
            return [flush(), entry(at: status.timestamp, "palm", status.position)].compactMap { $0 }.joined(separator: "\n")
        case .status(let status) where status.kind == .palmEnded:
            return nil
        case .status(let status):
            return [flush(), "  status: \(status.kind.jsonName)" + (status.count > 0 ? " (\(status.count))" : "")]
                .compactMap { $0 }.joined(separator: "\n")
        }
    }

    /// `  1.50 s   tap             at 120.0, 97.0 mm`: tour time, what, where.
    private func entry(at time: Microseconds, _ name: String, _ place: PanelPoint) -> String {
        "  " + DecimalText.fixed(Double(scriptTime(time)) / 1_000_000, places: 2).padded(to: 6) + " s   " + name.leftAligned(15)
            + " at " + DecimalText.format(place.x, places: 1) + ", " + DecimalText.format(place.y, places: 1) + " mm"
    }

    /// The held line, if any: call it once the events have stopped, before `summary`.
    public func flush() -> String? {
        defer { held = nil }
        return held?.line
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
