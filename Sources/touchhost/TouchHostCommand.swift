import ArgumentParser
import TouchHost

@main
struct TouchHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchhost",
        abstract: "A kiosk touchscreen stack: controller emulator, host tracker and gesture recognizers.",
        version: TouchHostVersion.string,
        subcommands: []
    )
}
