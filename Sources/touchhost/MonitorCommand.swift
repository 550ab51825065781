import ArgumentParser
import TouchHost

struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "monitor", abstract: "")
}
