import ArgumentParser
import Foundation
import TouchHost

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Feed recordings or touch scripts through the tracker and recognizers in virtual time.",
        discussion: """
            Each FILE is its own session; with several, every line names its source. At the end of each input \
            virtual time advances past every pending timer, so a tap waiting for a double tap still resolves.
            """)

    @Argument(help: "Touch scripts (.touch), evemu recordings or $1 unistroke logs.")
    var files: [String]

    @Option(help: "auto, script, threc, evemu or unistroke.")
    var format: ReplayFormat = .auto

    @Flag(help: "Print the JSON event stream.")
    var json = false

    @Option(help: "kiosk, or a comma-separated list of recognizer names.")
    var recognizers: String = "kiosk"

    @Option(name: .customLong("desc"), help: "evemu: the device description file.")
    var descriptionFile: String?

    @Option(help: "evemu: panel size in mm, WxH, for devices that report no resolution.")
    var size: String?

    @Option(name: .customLong("px-mm"), help: "unistroke: millimetres per pixel (default 0.25).")
    var pxMM: Float?

    @OptionGroup var screenOptions: ScreenOptions

    @OptionGroup var palmOptions: PalmOptions

    @OptionGroup var templateOptions: TemplateOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one FILE") }
        _ = try selection()
        _ = try panelSize()
        if let pxMM, !(pxMM > 0 && pxMM.isFinite) { throw ValidationError("--px-mm must be a number greater than 0") }
    }

    func selection() throws -> RecognizerSelection {
        do {
            var selection = try RecognizerSelection.parse(recognizers)
            // Examples come with the recognizer that knows them.
            if templateOptions.hasTemplates && !selection.names.contains("template") { selection.names.append("template") }
            return selection
        } catch { throw ValidationError("--recognizers: \(error)") }
    }

    func panelSize() throws -> PanelSize? {
        guard let size else { return nil }
        let parts = size.lowercased().split(separator: "x")
        // A size is a number of millimetres a panel could have: no infinity, nothing past 100 m.
        func plausible(_ value: Float) -> Bool { value > 0 && PlausibleValues.isPosition(value) }
        guard parts.count == 2, let width = Float(parts[0]), let height = Float(parts[1]), plausible(width), plausible(height) else {
            throw ValidationError("--size wants WIDTHxHEIGHT in mm, like 345x194")
        }
        return PanelSize(width: width, height: height)
    }

    func run() throws {
        let selection = try selection()
        let options = ImportOptions(description: descriptionFile, size: try panelSize(), millimetresPerPixel: pxMM)
        let screen = try screenOptions.setting()
        // Load everything first: a bad file fails the run before any output.
        let templates = try templateOptions.store(options: options)
        var sources: [ReplaySource] = []
        for file in files { sources.append(try ReplaySource.load(path: file, format: format, options: options)) }
        // What an importer had to assume (a panel size the device does not give): one line each.
        for source in sources { ReplayCommand.warn(source.warnings) }
        // A signal stops the replay where it is: touches and gestures under way are cancelled at the
        // input's present, the output is flushed, and the exit status says which signal it was.
        StopSignal.install()
        for source in sources {
            let output = EventOutput(
                json: json, recognizerNames: selection.engineNames, templateNames: templates.names,
                source: sources.count > 1 ? source.name : nil)
            let driver = ReplayDriver(
                source, recognizers: selection, screen: screen, templates: templates, palms: palmOptions.policy
            ) { event in
                if templateOptions.prints(event) { output.write(event) }
            }
            while !driver.step(limit: 4_096, while: { StopSignal.received == nil }) {
                if StopSignal.received != nil {
                    driver.cancelAll()
                    driver.finish()
                    output.flush()
                    try StopSignal.check()
                }
            }
            output.flush()
        }
    }
}

extension ReplayCommand {
    static func warn(_ warnings: [String]) {
        for warning in warnings {
            FileHandle.standardError.write(Data("touchhost: warning: \(DisplayText.escaped(warning))\n".utf8))
        }
    }
}

extension ReplayFormat: ExpressibleByArgument {}
