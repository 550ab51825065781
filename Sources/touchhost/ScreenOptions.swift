import ArgumentParser
import TouchHost

/// `--screen`, `--rotate`, `--flip` and `--calibration` (contracts.md section 5), shared by every
/// command that makes events: they become one `ScreenSetting` the pipeline places events with.
struct ScreenOptions: ParsableArguments {
    @Option(help: "The screen in pixels, WxH (e.g. 1920x1080): events also carry sx, sy in pixels.")
    var screen: String?

    @Option(help: "The display is turned clockwise by 0, 90, 180 or 270 degrees.")
    var rotate: Int?

    @Option(help: "The display is mirrored along x or y (after --rotate).")
    var flip: String?

    @Option(help: "A calibration file (touchhost calibrate -o FILE); its matrix applies after --rotate and --flip.")
    var calibration: String?

    func validate() throws {
        if let screen, ScreenSize(parsing: screen) == nil {
            throw ValidationError("--screen wants WIDTHxHEIGHT in pixels, like 1920x1080 (each 1 to \(ScreenSize.maximumSide))")
        }
        if let rotate, CalibrationMatrix.rotation(degrees: rotate) == nil {
            throw ValidationError("--rotate is 0, 90, 180 or 270")
        }
        if let flip, FlipAxis(rawValue: flip) == nil { throw ValidationError("--flip is x or y") }
        if screen == nil, calibration == nil, rotate != nil || flip != nil {
            throw ValidationError("--rotate and --flip need --screen (or a calibration file with a screen line)")
        }
    }

    /// The screen asked for, nil when none was; a calibration file that cannot be read, or that
    /// gives no screen when --screen does not either, fails the run naming the file.
    func setting() throws -> ScreenSetting? {
        let file = try calibration.map { (path) throws(HostFailure) in try CalibrationFile.load(path: path) }
        guard let size = screen.flatMap(ScreenSize.init(parsing:)) ?? file?.screen else {
            if let calibration { throw HostFailure("\(calibration): no screen line, so --screen WxH is needed") }
            return nil
        }
        var matrix = rotate.flatMap(CalibrationMatrix.rotation(degrees:)) ?? .identity
        if let axis = flip.flatMap(FlipAxis.init(rawValue:)) { matrix = matrix.then(.flip(axis)) }
        if let file { matrix = matrix.then(file.matrix) }
        return ScreenSetting(size: size, matrix: matrix)
    }
}
