import TouchCore

/// Device units to panel millimetres, and the panel's size, for one device.
///
/// Each axis uses its own resolution (units/mm) when the device reports one. Axes without one
/// take their extent from the caller's `size` (`--size WxH`). Without a size, an axis without
/// resolution borrows the other axis's resolution (touch panels have square units far more often
/// than not), and when neither has one the panel is assumed to be 15.6 inches across its diagonal
/// (396 mm, the diagonal of the default 345 x 194 mm panel), in the aspect of the axis ranges. Every
/// assumption is named in `assumption`, which the importer turns into a warning: a replay on an
/// assumed size still runs, but distances (and so gestures) are only as right as the guess.
struct PositionScale: Sendable {
    struct AxisScale: Sendable {
        var minimum: Float
        var millimetresPerUnit: Float
    }

    /// The diagonal of the assumed panel, in mm: 15.6 inches.
    static let assumedDiagonal: Float = 396.24

    var x: AxisScale
    var y: AxisScale
    /// The same for the single-touch axes, which some devices range differently; they span the
    /// same panel.
    var singleX: AxisScale
    var singleY: AxisScale
    /// The panel in mm that the position axes span.
    var panel: PanelSize
    /// What was assumed or ignored about the size, in one sentence; nil when the device and the
    /// caller said it all.
    var assumption: String?

    init(device: EvemuDevice, size: PanelSize?, file: String) throws {
        // The device's name is the file's text: escaped, and cut at the kernel's 80 characters.
        let deviceName = device.name.isEmpty ? "the device" : DisplayText.excerpt(device.name, limit: 80)
        func axis(_ codes: [(Int, String)], name: String) throws -> EvemuDevice.Axis {
            guard let (axis, code) = codes.lazy.compactMap({ code in device.axes[code.0].map { ($0, code.1) } }).first else {
                guard device.axes.isEmpty && device.name.isEmpty else {
                    throw ImportError(file: file, message: "\(deviceName) has no \(name) position axis: not a touch device")
                }
                throw ImportError(file: file, message: "the device description has no \(name) axis (give the description file)")
            }
            // An axis whose minimum lies above its maximum spans nothing: no position on it can be placed.
            guard axis.minimum <= axis.maximum else {
                throw ImportError(
                    file: file, message: "\(deviceName): axis \(code) has minimum \(axis.minimum) above its maximum \(axis.maximum)")
            }
            return axis
        }
        let axisX = try axis([(EvemuEvent.absMTPositionX, "ABS_MT_POSITION_X"), (EvemuEvent.absX, "ABS_X")], name: "x")
        let axisY = try axis([(EvemuEvent.absMTPositionY, "ABS_MT_POSITION_Y"), (EvemuEvent.absY, "ABS_Y")], name: "y")
        let rangeX = Self.extent(axisX)
        let rangeY = Self.extent(axisY)

        // Millimetres per unit on each axis: the resolution, else the given size, else nil.
        var perUnitX = axisX.resolution > 0 ? 1 / Float(axisX.resolution) : size.map { $0.width / rangeX }
        var perUnitY = axisY.resolution > 0 ? 1 / Float(axisY.resolution) : size.map { $0.height / rangeY }
        var assumption: String?
        switch (perUnitX, perUnitY) {
        case (let knownX?, nil):
            perUnitY = knownX
            assumption = "\(deviceName) reports no resolution for y; replaying with x's (\(Self.describe(rangeX * knownX, rangeY * knownX)))"
        case (nil, let knownY?):
            perUnitX = knownY
            assumption = "\(deviceName) reports no resolution for x; replaying with y's (\(Self.describe(rangeX * knownY, rangeY * knownY)))"
        case (nil, nil):
            let aspect = min(max(rangeX / rangeY, 1 / 3), 3)
            let height = Self.assumedDiagonal / (aspect * aspect + 1).squareRoot()
            perUnitX = aspect * height / rangeX
            perUnitY = height / rangeY
            assumption = "\(deviceName) reports no resolution; replaying on an assumed \(Self.describe(aspect * height, height)) "
                + "(15.6-inch diagonal, the axes' aspect)"
        default:
            if let size, axisX.resolution > 0, axisY.resolution > 0 {
                assumption = "\(deviceName) reports its resolution (\(Self.describe(rangeX / Float(axisX.resolution), rangeY / Float(axisY.resolution)))); "
                    + "--size \(Self.number(size.width))x\(Self.number(size.height)) is not used"
            }
        }
        if let text = assumption, size == nil { assumption = text + "; give the real size in mm with --size WxH" }
        let millimetresX = perUnitX ?? 1
        let millimetresY = perUnitY ?? 1
        x = AxisScale(minimum: Float(axisX.minimum), millimetresPerUnit: millimetresX)
        y = AxisScale(minimum: Float(axisY.minimum), millimetresPerUnit: millimetresY)
        // A given size is the panel exactly, not the product of a rounded quotient.
        panel = PanelSize(
            width: axisX.resolution == 0 && size != nil ? size!.width : rangeX * millimetresX,
            height: axisY.resolution == 0 && size != nil ? size!.height : rangeY * millimetresY)
        self.assumption = assumption

        // Single-touch axes cover the same panel as the position axes, in their own units.
        func single(_ code: Int, _ fallback: AxisScale, extent: Float) -> AxisScale {
            guard let axis = device.axes[code], axis.minimum <= axis.maximum else { return fallback }
            let perUnit = axis.resolution > 0 ? 1 / Float(axis.resolution) : extent / Self.extent(axis)
            return AxisScale(minimum: Float(axis.minimum), millimetresPerUnit: perUnit)
        }
        singleX = single(EvemuEvent.absX, x, extent: panel.width)
        singleY = single(EvemuEvent.absY, y, extent: panel.height)
        if let axis = device.axes[EvemuEvent.absMTTouchMajor], axis.resolution > 0 {
            shapeMillimetresPerUnit = 1 / Float(axis.resolution)
        } else {
            shapeMillimetresPerUnit = (millimetresX * millimetresY).squareRoot()
        }
        orientationMaximum = max(device.axes[EvemuEvent.absMTOrientation]?.maximum ?? 0, 0)
    }

    /// Furthest from the panel's corner a position may lie, in mm. Devices report a little beyond
    /// their axis ranges, never kilometres; a corrupt file might, and the tracker's squared
    /// distances must stay far inside Int64.
    static let farthest: Float = 1_000_000

    /// An axis's span in units, at least 1; computed in Double, so the widest Int range cannot overflow.
    static func extent(_ axis: EvemuDevice.Axis) -> Float {
        Float(max(Double(axis.maximum) - Double(axis.minimum), 1))
    }

    func point(x rawX: Int, y rawY: Int, singleTouch: Bool = false) -> PanelPoint {
        let sx = singleTouch ? singleX : x
        let sy = singleTouch ? singleY : y
        // No NaN reaches the tracker: one could only come from a scale that is no number itself.
        func bounded(_ value: Float) -> Float { value.isNaN ? 0 : min(max(value, -Self.farthest), Self.farthest) }
        return PanelPoint(
            x: bounded((Float(rawX) - sx.minimum) * sx.millimetresPerUnit),
            y: bounded((Float(rawY) - sy.minimum) * sy.millimetresPerUnit))
    }

    /// Millimetres per unit of `ABS_MT_TOUCH_MAJOR`/`MINOR`: their own resolution where the device
    /// gives one, else the position axes' (the kernel gives them in surface units), their geometric mean
    /// where x and y differ.
    var shapeMillimetresPerUnit: Float = 0
    /// `ABS_MT_ORIENTATION`'s maximum: a quarter turn clockwise from north (0 when absent).
    var orientationMaximum = 0

    /// The contact's ellipse from the kernel's values. evdev's orientation is a signed quarter turn
    /// clockwise from the y axis (north, up the screen), its maximum meaning along x; ours is
    /// degrees clockwise from the x axis, so north is 90. Without the axis the ellipse lies along x.
    func shape(major: Int, minor: Int, orientation: Int) -> ContactShape {
        let perUnit = shapeMillimetresPerUnit
        func length(_ value: Int) -> Float { min(max(Float(value) * perUnit, 0), Self.farthest) }
        var degrees: Float = 0
        if orientationMaximum > 0 {
            let quarter = min(max(Float(orientation) / Float(orientationMaximum), -1), 1)
            degrees = 90 + 90 * quarter
            if degrees >= 180 { degrees -= 180 }
        }
        let a = length(major)
        let b = length(minor)
        guard max(a, b) > 0 else { return .unknown }
        // A device whose minor exceeds its major has the two the other way round.
        return ContactShape(major: max(a, b), minor: min(a, b), orientation: a >= b ? degrees : (degrees + 90).truncatingRemainder(dividingBy: 180))
    }

    /// "340 x 204 mm panel".
    static func describe(_ width: Float, _ height: Float) -> String {
        "\(number(width)) x \(number(height)) mm panel"
    }

    /// Whole millimetres where that is exact enough, else one decimal; any value (`DecimalText`).
    static func number(_ value: Float) -> String {
        let text = DecimalText.format(value, places: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
