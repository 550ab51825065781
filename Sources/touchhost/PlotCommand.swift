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

    @OptionGroup var input: ReplayInputOptions

    func run() throws {
        try OutputFile.checkWritable(output)
        let source = try input.load(file)
        ReplayCommand.warn(source.warnings)
        let plot = try TouchPlot.make(source, recognizers: try input.selection(), screen: try input.screenOptions.setting())
        let svg = SVGPlot.render(plot, title: URL(fileURLWithPath: file).lastPathComponent)
        try OutputFile.replace(output, with: svg)
    }
}
