import TouchCore

/// A screen's size in pixels.
public struct ScreenSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest side accepted: beyond any display, and small enough that pixels stay exact in a Float.
    public static let maximumSide = 65_536

    /// `1920x1080`; nil for anything else, zero, or a side over `maximumSide`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        guard Self.accepts(width), Self.accepts(height) else { return nil }
        self.init(width: width, height: height)
    }

    public static func accepts(_ side: Int) -> Bool { side > 0 && side <= maximumSide }

    public var text: String { "\(width)x\(height)" }
}

/// A position or a movement in screen pixels (floats: a touch lands between pixels).
public struct ScreenPoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: ScreenPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// Where an event lies on the screen: its position, and for pan and edge-pan its translation.
public struct ScreenPlacement: Equatable, Sendable {
    public var point: ScreenPoint
    public var translation: ScreenPoint?

    public init(point: ScreenPoint, translation: ScreenPoint? = nil) {
        self.point = point
        self.translation = translation
    }
}

/// What `--screen`, `--rotate`, `--flip` and `--calibration` (or the C API) ask for: the screen's
/// size and the one matrix they combine into. Independent of the panel: the matrix is normalized.
public struct ScreenSetting: Equatable, Sendable {
    public var size: ScreenSize
    public var matrix: CalibrationMatrix

    public init(size: ScreenSize, matrix: CalibrationMatrix = .identity) {
        self.size = size
        self.matrix = matrix
    }
}

/// Panel millimetres to screen pixels for one panel: the only place the mapping is computed.
public struct ScreenMapping: Equatable, Sendable {
    public var setting: ScreenSetting
    public var panel: PanelSize

    public init(_ setting: ScreenSetting, panel: PanelSize) {
        self.setting = setting
        self.panel = panel
    }

    public func point(_ position: PanelPoint) -> ScreenPoint {
        let normalized = setting.matrix.apply(x: normalize(position.x, panel.width), y: normalize(position.y, panel.height))
        return ScreenPoint(x: normalized.x * Double(setting.size.width), y: normalized.y * Double(setting.size.height))
    }

    /// A movement: the matrix's linear part, so an offset in the calibration moves nothing.
    public func movement(_ delta: PanelPoint) -> ScreenPoint {
        let normalized = setting.matrix.applyLinear(dx: normalize(delta.x, panel.width), dy: normalize(delta.y, panel.height))
        return ScreenPoint(x: normalized.x * Double(setting.size.width), y: normalized.y * Double(setting.size.height))
    }

    /// The panel position that lands on `screen`; nil for a singular matrix.
    public func panelPoint(of screen: ScreenPoint) -> PanelPoint? {
        guard let inverse = setting.matrix.inverse else { return nil }
        let normalized = inverse.apply(x: screen.x / Double(setting.size.width), y: screen.y / Double(setting.size.height))
        return PanelPoint(x: Float(normalized.x * Double(panel.width)), y: Float(normalized.y * Double(panel.height)))
    }

    /// The event with its screen placement; a status passes as it is.
    public func placing(_ event: HostEvent) -> HostEvent {
        switch event {
        case .touch(let touch, let time, _):
            return .touch(touch, at: time, screen: ScreenPlacement(point: point(touch.position)))
        case .gesture(let gesture, _):
            var placement = ScreenPlacement(point: point(gesture.location))
            if gesture.kind == .pan || gesture.kind == .edgePan {
                placement.translation = movement(gesture.values.translation)
            }
            return .gesture(gesture, screen: placement)
        case .status:
            return event
        }
    }

    private func normalize(_ value: Float, _ side: Float) -> Double {
        side > 0 ? Double(value) / Double(side) : 0
    }
}
