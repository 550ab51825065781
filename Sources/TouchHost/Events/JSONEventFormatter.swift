import TouchCore

/// One line of the event stream per event (contracts.md section 3). Field order is fixed and
/// numbers are formatted by `DecimalText`, so the same input always gives the same bytes.
/// Precision: `t` 0.1 ms, millimetres 0.01, pixels 0.1, mm/s 0.1, scale 0.001, radians 0.001, rates 0.01.
public struct JSONEventFormatter: Sendable {
    /// Names of the recognizers by their index in the engine.
    public var recognizerNames: [String]
    /// Names of templates by index, for template gestures.
    public var templateNames: [String]
    /// Added as `"source"` to every line when several inputs share one stream.
    public var source: String?

    public init(recognizerNames: [String], templateNames: [String] = [], source: String? = nil) {
        self.recognizerNames = recognizerNames
        self.templateNames = templateNames
        self.source = source
    }

    public func line(for event: HostEvent) -> String? { line(for: event, link: nil) }

    /// `link`: the port and the cause of a `disconnected` status, added to its line as `"port"` and
    /// `"cause"` (the status event itself carries neither); ignored for any other event.
    public func line(for event: HostEvent, link: (port: String, cause: String)?) -> String? {
        var fields = JSONFields()
        switch event {
        case .touch(let touch, let time, let screen):
            fields.string("type", "touch")
            fields.raw("t", milliseconds(time))
            fields.string("phase", touch.phase.jsonName)
            fields.raw("id", String(touch.trackingId))
            fields.raw("slot", String(touch.slot))
            fields.raw("x", millimetres(touch.position.x))
            fields.raw("y", millimetres(touch.position.y))
            addPosition(on: screen, to: &fields)
            addShape(touch.shape, to: &fields)
            if touch.isPalm { fields.raw("palm", "true") }
        case .gesture(let gesture, let screen):
            fields.string("type", "gesture")
            fields.raw("t", milliseconds(gesture.timestamp))
            fields.string("name", name(of: gesture.recognizer))
            fields.string("kind", gesture.kind.jsonName)
            fields.string("state", gesture.state.jsonName)
            fields.raw("x", millimetres(gesture.location.x))
            fields.raw("y", millimetres(gesture.location.y))
            addPosition(on: screen, to: &fields)
            fields.raw("touches", String(gesture.touches))
            addValues(of: gesture, screen: screen, to: &fields)
        case .status(let status):
            fields.string("type", "status")
            fields.raw("t", milliseconds(status.timestamp))
            fields.string("event", status.kind.jsonName)
            if status.kind == .palmBegan || status.kind == .palmEnded {
                fields.string("phase", status.kind == .palmBegan ? "began" : "ended")
                fields.raw("x", millimetres(status.position.x))
                fields.raw("y", millimetres(status.position.y))
            } else {
                fields.raw("count", String(status.count))
            }
            if status.kind == .disconnected, let link {
                fields.string("port", link.port)
                fields.string("cause", link.cause)
            }
        }
        if let source { fields.string("source", source) }
        return fields.text
    }

    public func name(of recognizer: UInt8) -> String { Self.name(of: recognizer, in: recognizerNames) }

    /// A recognizer's name by its index, or `recognizer-N` when the table has none.
    public static func name(of recognizer: UInt8, in names: [String]) -> String {
        let index = Int(recognizer)
        return index < names.count ? names[index] : "recognizer-\(index)"
    }

    /// `sx`, `sy`: the position in screen pixels, when a screen is set.
    private func addPosition(on screen: ScreenPlacement?, to fields: inout JSONFields) {
        guard let screen else { return }
        fields.raw("sx", pixels(screen.point.x))
        fields.raw("sy", pixels(screen.point.y))
    }

    /// `major`, `minor` (mm) and `orientation` (degrees): the contact's ellipse, where the source knows it.
    private func addShape(_ shape: ContactShape, to fields: inout JSONFields) {
        guard shape.isKnown else { return }
        fields.raw("major", millimetres(shape.major))
        fields.raw("minor", millimetres(shape.minor))
        fields.raw("orientation", DecimalText.format(shape.orientation, places: 1))
    }

    private func addValues(of gesture: GestureEvent, screen: ScreenPlacement?, to fields: inout JSONFields) {
        let values = gesture.values
        switch gesture.kind {
        case .tap:
            fields.raw("taps", String(values.taps))
        case .longPress:
            fields.raw("duration", milliseconds(values.duration))
        case .pan, .edgePan:
            fields.raw("translation", pair(values.translation, millimetres))
            if let moved = screen?.translation { fields.raw("screenTranslation", pair(moved)) }
            fields.raw("velocity", pair(values.velocity, speed))
            if gesture.kind == .edgePan { fields.string("edge", values.edge.jsonName) }
        case .swipe:
            fields.string("direction", values.direction.jsonName)
        case .pinch:
            fields.raw("scale", DecimalText.format(values.scale, places: 3))
            fields.raw("velocity", DecimalText.format(values.scalarVelocity, places: 2))
        case .rotation:
            fields.raw("rotation", DecimalText.format(values.rotation, places: 3))
            fields.raw("velocity", DecimalText.format(values.scalarVelocity, places: 2))
        case .checkmark:
            fields.raw("vertex", pair(values.vertex, millimetres))
        case .circle:
            fields.raw("center", pair(values.center, millimetres))
            fields.raw("radius", millimetres(values.radius))
        case .backslash:
            fields.raw("length", millimetres(values.length))
        case .capture:
            fields.raw("samples", String(values.samples))
        case .template:
            let index = Int(values.templateIndex)
            fields.string("template", index < templateNames.count ? templateNames[index] : "template-\(index)")
            fields.raw("score", DecimalText.format(values.score, places: 3))
        case .custom:
            break
        }
    }

    private func milliseconds(_ time: Microseconds) -> String { DecimalText.format(Double(time) / 1000, places: 1) }
    private func millimetres(_ value: Float) -> String { DecimalText.format(value, places: 2) }
    private func pixels(_ value: Double) -> String { DecimalText.format(value, places: 1) }
    private func speed(_ value: Float) -> String { DecimalText.format(value, places: 1) }
    private func pair(_ point: ScreenPoint) -> String { "[\(pixels(point.x)),\(pixels(point.y))]" }
    private func pair(_ point: PanelPoint, _ format: (Float) -> String) -> String {
        "[\(format(point.x)),\(format(point.y))]"
    }
}

/// Builds one JSON object in the order fields are added.
struct JSONFields {
    private var parts: [String] = []

    mutating func raw(_ key: String, _ value: String) { parts.append("\"\(key)\":\(value)") }
    mutating func string(_ key: String, _ value: String) { parts.append("\"\(key)\":\(JSONFields.quote(value))") }

    var text: String { "{" + parts.joined(separator: ",") + "}" }

    static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // JSON requires only the C0 controls escaped; every character `DisplayText` would
                // escape is escaped too (in UTF-16 units, as JSON spells them), so a line of the
                // stream printed raw cannot drive a terminal either.
                if scalar.value < 0x20 || DisplayText.needsEscape(scalar) {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
