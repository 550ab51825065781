import TouchCore

/// Device units to panel millimetres for one pair of axes.
struct PositionScale: Sendable {
    struct AxisScale: Sendable {
        var minimum: Float
        var millimetresPerUnit: Float
    }

    var x: AxisScale
    var y: AxisScale
    /// The same for the single-touch axes, which some devices range differently.
    var singleX: AxisScale
    var singleY: AxisScale

    init(device: EvemuDevice, size: (width: Float, height: Float)?, file: String) throws {
        func scale(_ codes: [Int], extent: Float?, name: String) throws -> AxisScale {
            guard let axis = codes.lazy.compactMap({ device.axes[$0] }).first else {
                throw ImportError(file: file, message: "the device description has no \(name) axis (give the description file)")
            }
            if axis.resolution > 0 { return AxisScale(minimum: Float(axis.minimum), millimetresPerUnit: 1 / Float(axis.resolution)) }
            guard let extent else {
                throw ImportError(file: file, message: "the \(name) axis has no resolution: give the panel size in mm (--size WxH)")
            }
            let range = Float(max(axis.maximum - axis.minimum, 1))
            return AxisScale(minimum: Float(axis.minimum), millimetresPerUnit: extent / range)
        }
        x = try scale([EvemuEvent.absMTPositionX, EvemuEvent.absX], extent: size?.width, name: "x")
        y = try scale([EvemuEvent.absMTPositionY, EvemuEvent.absY], extent: size?.height, name: "y")
        singleX = (try? scale([EvemuEvent.absX], extent: size?.width, name: "x")) ?? x
        singleY = (try? scale([EvemuEvent.absY], extent: size?.height, name: "y")) ?? y
    }

    func point(x rawX: Int, y rawY: Int, singleTouch: Bool = false) -> PanelPoint {
        let sx = singleTouch ? singleX : x
        let sy = singleTouch ? singleY : y
        return PanelPoint(
            x: (Float(rawX) - sx.minimum) * sx.millimetresPerUnit, y: (Float(rawY) - sy.minimum) * sy.millimetresPerUnit)
    }
}
