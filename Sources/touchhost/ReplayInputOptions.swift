import ArgumentParser
import TouchHost

/// What `replay` and `plot` both take to read an input and run it (docs/cli.md): its format, the
/// importers' options, the recognizers and the screen. One parse, one loading, one driver
/// (`ReplayDriver`) for both commands.
struct ReplayInputOptions: ParsableArguments {
    @Option(help: "auto, script, threc, evemu or unistroke.")
    var format: ReplayFormat = .auto

    @Option(help: "kiosk, or a comma-separated list of recognizer names.")
    var recognizers: String = "kiosk"

    @Option(name: .customLong("desc"), help: "evemu: the device description file.")
    var descriptionFile: String?

    @Option(help: "evemu: panel size in mm, WxH, for devices that report no resolution.")
    var size: String?

    @Option(name: .customLong("px-mm"), help: "unistroke: millimetres per pixel (default 0.25).")
    var pxMM: Float?

    @OptionGroup var screenOptions: ScreenOptions

    func validate() throws {
        _ = try selection()
        _ = try importOptions()
    }

    /// The recognizers named; `template` added when examples come with the run (`--template`).
    func selection(withTemplates: Bool = false) throws -> RecognizerSelection {
        do {
            var selection = try RecognizerSelection.parse(recognizers)
            if withTemplates && !selection.names.contains("template") { selection.names.append("template") }
            return selection
        } catch { throw ValidationError("--recognizers: \(error)") }
    }

    /// What the importers are told: the evemu description and panel size, the unistroke scale.
    func importOptions() throws -> ImportOptions {
        var size: PanelSize? = nil
        if let text = self.size {
            guard let given = PanelSize(millimetres: text) else {
                throw ValidationError("--size wants WIDTHxHEIGHT in mm, like 345x194")
            }
            size = given
        }
        if let pxMM, !(pxMM > 0 && pxMM.isFinite) { throw ValidationError("--px-mm must be a number greater than 0") }
        return ImportOptions(description: descriptionFile, size: size, millimetresPerPixel: pxMM)
    }

    /// Loads `path` in the format asked for (its `warnings` say what an importer had to assume).
    func load(_ path: String) throws -> ReplaySource {
        try ReplaySource.load(path: path, format: format, options: try importOptions())
    }
}
