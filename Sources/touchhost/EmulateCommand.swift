import ArgumentParser
import TouchHost

struct EmulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "emulate", abstract: "")
}
