import ArgumentParser
import Foundation
import TouchHost

@main
struct TouchHostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchhost",
        abstract: "A kiosk touchscreen stack: controller emulator, host tracker and gesture recognizers.",
        version: TouchHostVersion.string,
        subcommands: [
            DemoCommand.self, MonitorCommand.self, EmulateCommand.self, ReplayCommand.self, PortsCommand.self,
            BoardsCommand.self, RecordCommand.self, BridgeCommand.self, PlotCommand.self, CalibrateCommand.self,
            ServeCommand.self,
        ]
    )

    /// Exit status as the contract has it: 0 success, 1 a run-time failure (one line naming the
    /// port or file), 2 bad usage; a run ended by SIGINT, SIGTERM or SIGHUP, once it has cancelled
    /// what was live and flushed its output, 128 + the signal (130, 143, 129). ArgumentParser's own
    /// usage status is 64, hence this `main`.
    /// A failure's message may quote a file's or a device's text: it is escaped, so it stays one line.
    static func main() {
        // A peer that goes away (a TCP host, a closed pipe) is an error a write reports, not a
        // signal that ends the program: links turn EPIPE into a disconnect, standard output into a quiet exit.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let interruption as Interruption {
            Foundation.exit(interruption.exitStatus)
        } catch let failure as HostFailure {
            FileHandle.standardError.write(Data("touchhost: \(DisplayText.escaped(failure.message))\n".utf8))
            Foundation.exit(1)
        } catch let failure as LinkError {
            FileHandle.standardError.write(Data("touchhost: \(DisplayText.escaped(failure.description))\n".utf8))
            Foundation.exit(1)
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((escapedLines(fullMessage(for: error)) + "\n").utf8))
                Foundation.exit(2)
            }
            // Help, version and the help dump (for the man page) go out as written, on standard
            // output; any other error quotes what it was given, escaped.
            if error is CleanExit || exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((escapedLines(fullMessage(for: error)) + "\n").utf8))
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }

    /// A usage message quotes the option or value it refused, as typed: each argument it may quote
    /// (whole, or the value after `=`) is escaped first, so a line feed inside one cannot forge a
    /// line, then each line, so an escape sequence cannot reach the terminal.
    static func escapedLines(_ text: String) -> String {
        var text = text
        let quoted = CommandLine.arguments.dropFirst().flatMap { argument in
            [argument] + (argument.firstIndex(of: "=").map { [String(argument[argument.index(after: $0)...])] } ?? [])
        }
        for argument in quoted.sorted(by: { $0.count > $1.count })
        where argument.unicodeScalars.contains(where: DisplayText.needsEscape) {
            text = text.replacingOccurrences(of: argument, with: DisplayText.escaped(argument))
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayText.escaped($0) }
            .joined(separator: "\n")
    }
}
