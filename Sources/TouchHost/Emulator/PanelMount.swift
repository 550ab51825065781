import TouchCore

/// `emulate --mount`: how the emulated panel sits on its display, for trying calibration without
/// a mis-mounted kiosk. A script's finger positions are the display's (where the person touches);
/// the panel reads them through this mounting: turned (`rotate=90|180|270`, clockwise, as
/// libinput's matrices), mirrored (`flip=x|y`), scaled about its centre (`scale=1.03`: the panel
/// reads 3 % further from its centre) and shifted (`shift=DXxDY`, mm), in that order.
public struct PanelMount: Equatable, Sendable {
    /// Display normalized coordinates to the panel's.
    public var matrix: CalibrationMatrix

    public init(matrix: CalibrationMatrix) { self.matrix = matrix }

    /// `rotate=180,scale=1.03,shift=2x-1`; `panel` gives the shift's millimetres their fraction.
    public static func parse(_ text: String, panel: PanelSize) throws(HostFailure) -> PanelMount {
        var rotation = CalibrationMatrix.identity, flip = CalibrationMatrix.identity
        var scale = 1.0, shiftX = 0.0, shiftY = 0.0
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw HostFailure("'\(DisplayText.excerpt(item))' needs a value (name=value)") }
            let (name, value) = (parts[0], parts[1])
            switch name {
            case "rotate":
                guard let degrees = Int(value), let matrix = CalibrationMatrix.rotation(degrees: degrees) else {
                    throw HostFailure("rotate is 0, 90, 180 or 270, not '\(DisplayText.excerpt(value))'")
                }
                rotation = matrix
            case "flip":
                guard let axis = FlipAxis(rawValue: value) else {
                    throw HostFailure("flip is x or y, not '\(DisplayText.excerpt(value))'")
                }
                flip = .flip(axis)
            case "scale":
                guard let factor = Double(value), factor >= 0.5, factor <= 2 else {
                    throw HostFailure("scale is a factor from 0.5 to 2, not '\(DisplayText.excerpt(value))'")
                }
                scale = factor
            case "shift":
                let numbers = value.lowercased().split(separator: "x").compactMap { Double($0) }
                guard numbers.count == 2, numbers.allSatisfy({ abs($0) <= 100 }) else {
                    throw HostFailure("shift is DXxDY in mm, each within ±100, not '\(DisplayText.excerpt(value))'")
                }
                (shiftX, shiftY) = (numbers[0], numbers[1])
            default:
                throw HostFailure("unknown mounting '\(DisplayText.excerpt(name))' (known: rotate, flip, scale, shift)")
            }
        }
        let scaling = CalibrationMatrix(scale, 0, 0.5 - 0.5 * scale, 0, scale, 0.5 - 0.5 * scale)
        let shifting = CalibrationMatrix(1, 0, shiftX / Double(panel.width), 0, 1, shiftY / Double(panel.height))
        return PanelMount(matrix: rotation.then(flip).then(scaling).then(shifting))
    }

    /// Where the panel reads a finger at `position` on the display.
    public func panelPosition(of position: PanelPoint, panel: PanelSize) -> PanelPoint {
        let read = matrix.apply(x: Double(position.x) / Double(panel.width), y: Double(position.y) / Double(panel.height))
        return PanelPoint(x: Float(read.x * Double(panel.width)), y: Float(read.y * Double(panel.height)))
    }
}
