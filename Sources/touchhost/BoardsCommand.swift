import ArgumentParser
import TouchHost

struct BoardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "boards", abstract: "List the board definitions.")

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func run() {
        if json {
            print("[" + BoardListing.all.map(\.json).joined(separator: ",") + "]")
        } else {
            for board in BoardListing.all { print(board.line) }
        }
    }
}
