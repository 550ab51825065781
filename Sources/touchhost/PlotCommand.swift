import ArgumentParser
import Foundation
import TouchHost

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a replayable input's touches and gestures as an SVG.",
        discussion: """
            Replays FILE as `replay` does and draws the panel, each touch's path labelled with its tracking id, \
            and a marker with name and time where each gesture began, was recognized or ended.
            """)

    @Argument(help: "A touch script, .threc recording, evemu recording or $1 unistroke log.")
    var file: String

    @Option(name: .shortAndLong, help: "The SVG file to write.")
    var output: String

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

    func run() throws {
        // The same options and loading as replay, one file.
        let replay = try ReplayCommand.parse([file, "--format", format.rawValue, "--recognizers", recognizers]
            + (descriptionFile.map { ["--desc", $0] } ?? []) + (size.map { ["--size", $0] } ?? [])
            + (pxMM.map { ["--px-mm", String($0)] } ?? []) + screenOptions.arguments)
        let selection = try replay.selection()
        try OutputFile.checkWritable(output)
        let options = ImportOptions(description: descriptionFile, size: try replay.panelSize(), millimetresPerPixel: pxMM)
        let source = try ReplaySource.load(path: file, format: format, options: options)
        ReplayCommand.warn(source.warnings)
        let plot = try TouchPlot.make(source, recognizers: selection, screen: try replay.screenOptions.setting())
        let svg = SVGPlot.render(plot, title: URL(fileURLWithPath: file).lastPathComponent)
        try OutputFile.replace(output, with: svg)
    }
}
