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

    @Flag(help: "Print the JSON event stream.")
    var json = false

    @OptionGroup var input: ReplayInputOptions

    @OptionGroup var palmOptions: PalmOptions

    @OptionGroup var templateOptions: TemplateOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one FILE") }
    }

    func run() throws {
        // Examples come with the recognizer that knows them.
        let selection = try input.selection(withTemplates: templateOptions.hasTemplates)
        let screen = try input.screenOptions.setting()
        // Load everything first: a bad file fails the run before any output.
        let templates = try templateOptions.store(options: try input.importOptions())
        var sources: [ReplaySource] = []
        for file in files { sources.append(try input.load(file)) }
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
            if !driver.runInVirtualTime(while: { StopSignal.received == nil }) {
                driver.cancelAll()
                driver.finish()
                output.flush()
                try StopSignal.check()
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
