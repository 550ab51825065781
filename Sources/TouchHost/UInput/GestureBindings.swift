import TouchCore

/// `serve --bind GESTURE=KEY` (contracts.md section 8): gestures turned into key or button presses
/// for programs that know nothing of gestures. A binding fires when its gesture is recognized (a
/// long press and an edge pan when they begin), so the recognizers' arbitration decides what fires:
/// a tap that became a double tap fires `double-tap` only.
public struct GestureBindings: Sendable {
    public private(set) var keys: [String: Int] = [:]

    /// The gestures a binding may name.
    public static let gestureNames = [
        "tap", "double-tap", "two-finger-tap", "long-press", "swipe-left", "swipe-right", "swipe-up", "swipe-down",
        "edge-left", "edge-right", "edge-top", "edge-bottom", "pinch", "rotation", "checkmark", "circle", "backslash",
    ]

    /// Key and button names (linux/input-event-codes.h) a binding may press.
    public static let keyCodes: [String: Int] = [
        "KEY_ESC": 1, "KEY_ENTER": 28, "KEY_SPACE": 57, "KEY_TAB": 15, "KEY_BACKSPACE": 14, "KEY_F5": 63, "KEY_F11": 87,
        "KEY_HOME": 102, "KEY_UP": 103, "KEY_PAGEUP": 104, "KEY_LEFT": 105, "KEY_RIGHT": 106, "KEY_END": 107,
        "KEY_DOWN": 108, "KEY_PAGEDOWN": 109, "KEY_MUTE": 113, "KEY_VOLUMEDOWN": 114, "KEY_VOLUMEUP": 115,
        "KEY_POWER": 116, "KEY_MENU": 139, "KEY_BACK": 158, "KEY_FORWARD": 159, "KEY_HOMEPAGE": 172,
        "KEY_REFRESH": 173, "KEY_ZOOMIN": 0x1a2, "KEY_ZOOMOUT": 0x1a3,
        "BTN_LEFT": 0x110, "BTN_RIGHT": 0x111, "BTN_MIDDLE": 0x112,
    ]

    public init() {}

    /// Reads `GESTURE=KEY` options; an error names what is wrong and what is known.
    public init(_ options: [String]) throws(HostFailure) {
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw HostFailure("--bind wants GESTURE=KEY, like swipe-left=KEY_BACK") }
            guard Self.gestureNames.contains(parts[0]) else {
                throw HostFailure("--bind: unknown gesture '\(DisplayText.excerpt(parts[0]))' (known: \(Self.gestureNames.joined(separator: ", ")))")
            }
            guard let code = Self.keyCodes[parts[1]] else {
                throw HostFailure("--bind: unknown key '\(DisplayText.excerpt(parts[1]))' (known: \(Self.keyCodes.keys.sorted().joined(separator: ", ")))")
            }
            keys[parts[0]] = code
        }
    }

    public var isEmpty: Bool { keys.isEmpty }

    /// The key a gesture event fires, if it fires one.
    public func key(for event: GestureEvent) -> Int? {
        guard let name = Self.firingName(event) else { return nil }
        return keys[name]
    }

    /// The binding name of a gesture at the moment it fires; nil for every other action.
    static func firingName(_ event: GestureEvent) -> String? {
        switch (event.kind, event.state) {
        case (.tap, .recognized):
            if event.touches >= 2 { return "two-finger-tap" }
            return event.values.taps >= 2 ? "double-tap" : "tap"
        case (.swipe, .recognized): return "swipe-\(event.values.direction.jsonName)"
        case (.longPress, .began), (.longPress, .recognized): return "long-press"
        case (.edgePan, .began): return "edge-\(event.values.edge.jsonName)"
        case (.pinch, .ended), (.rotation, .ended): return event.kind.jsonName
        case (.checkmark, .recognized), (.circle, .recognized), (.backslash, .recognized): return event.kind.jsonName
        default: return nil
        }
    }
}

/// The second virtual device `serve` makes for bindings: a keyboard with the bound keys and
/// buttons, each press followed by its release.
public final class BindingKeyboard {
    private let device: UInputDevice
    private let bindings: GestureBindings
    public private(set) var presses = 0

    public init(name: String, bindings: GestureBindings) throws(HostFailure) {
        self.bindings = bindings
        device = try UInputDevice(name: name, keys: Array(Set(bindings.keys.values)).sorted(), axes: [], direct: false)
    }

    /// Presses and releases the key bound to `event`'s gesture, if any.
    public func apply(_ event: HostEvent) {
        guard case .gesture(let gesture, _) = event, let key = bindings.key(for: gesture) else { return }
        device.write([(InputCodes.evKey, key, 1), (InputCodes.evSyn, EvemuEvent.synReport, 0)])
        device.write([(InputCodes.evKey, key, 0), (InputCodes.evSyn, EvemuEvent.synReport, 0)])
        presses += 1
    }

    public func close() { device.destroy() }
}
