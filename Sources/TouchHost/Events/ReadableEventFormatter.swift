import TouchCore

/// A short line per event for people watching a terminal: `  1.234 s  tap recognized at (150.0, 100.0) taps 1`.
/// Touch moves and gesture changes are left out (`showsEveryChange` keeps them): at 120 reports a
/// second they would scroll everything else away.
public struct ReadableEventFormatter: Sendable {
    public var recognizerNames: [String]
    public var showsEveryChange = false
    /// Put in front of every line when several inputs share one output.
    public var source: String?

    public init(recognizerNames: [String]) { self.recognizerNames = recognizerNames }

    public func line(for event: HostEvent) -> String? {
        let time = (source.map { DisplayText.escaped($0) + ": " } ?? "") + DecimalText.fixed(Double(event.time) / 1_000_000, places: 3).padded(to: 8) + " s  "
        switch event {
        case .touch(let touch, _, let screen):
            if touch.phase == .moved && !showsEveryChange { return nil }
            return time + "touch \(touch.trackingId) \(touch.phase.jsonName) at \(point(touch.position))\(Self.pixels(screen))  slot \(touch.slot)"
        case .gesture(let gesture, let screen):
            if gesture.state == .changed && !showsEveryChange { return nil }
            let name = JSONEventFormatter.name(of: gesture.recognizer, in: recognizerNames)
            var text = time + "\(name) \(gesture.state.jsonName) at \(point(gesture.location))\(Self.pixels(screen))"
            if gesture.touches > 1 { text += "  \(gesture.touches) touches" }
            let details = Self.details(of: gesture)
            if !details.isEmpty { text += "  " + details }
            return text
        case .status(let status):
            return time + "status \(status.kind.jsonName)" + (status.count > 0 ? " (\(status.count))" : "")
        }
    }

    /// ` = px (960.0, 540.0)` after a position in millimetres, when a screen is set; else nothing.
    public static func pixels(_ screen: ScreenPlacement?) -> String {
        guard let screen else { return "" }
        return " = px (\(DecimalText.format(screen.point.x, places: 1)), \(DecimalText.format(screen.point.y, places: 1)))"
    }

    /// The values a person cares about for each kind, in words.
    public static func details(of gesture: GestureEvent) -> String {
        let values = gesture.values
        func mm(_ value: Float) -> String { DecimalText.format(value, places: 1) }
        switch gesture.kind {
        case .tap: return values.taps > 1 ? "\(values.taps) taps" : ""
        case .longPress: return "held \(DecimalText.format(Double(values.duration) / 1_000_000, places: 2)) s"
        case .pan: return "moved \(mm(values.translation.x)), \(mm(values.translation.y)) mm"
        case .edgePan: return "from the \(values.edge.jsonName) edge, moved \(mm(values.translation.x)), \(mm(values.translation.y)) mm"
        case .swipe: return "swiped \(values.direction.jsonName)"
        case .pinch: return "scale \(DecimalText.format(values.scale, places: 2))"
        case .rotation:
            return "turned \(DecimalText.fixed(Double(values.rotation) * 180 / Double.pi, places: 0)) degrees"
        case .checkmark: return "vertex \(point(values.vertex))"
        case .circle: return "centre \(point(values.center)) radius \(mm(values.radius)) mm"
        case .backslash: return "length \(mm(values.length)) mm"
        case .capture: return "\(values.samples) samples"
        case .template: return "template \(values.templateIndex) score \(DecimalText.format(values.score, places: 2))"
        case .custom: return ""
        }
    }
}

private func point(_ p: PanelPoint) -> String {
    "(\(DecimalText.format(p.x, places: 1)), \(DecimalText.format(p.y, places: 1)))"
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
