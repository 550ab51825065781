import ArgumentParser
import TouchHost

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "")
}
