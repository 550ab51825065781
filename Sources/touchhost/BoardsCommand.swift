import ArgumentParser
import TouchHost

struct BoardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "boards", abstract: "")
}
