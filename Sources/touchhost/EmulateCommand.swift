import ArgumentParser
import Foundation
import TouchHost

struct EmulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulate",
        abstract: "Run the controller firmware on the host against its simulated panel, served on a link.",
        discussion: """
            The first line says where the link is (`pty: /dev/pts/7`). With --script, the script starts when the \
            host first sends a byte (its device-info request) and the emulator exits 1.5 s after the script's last \
            action; without one it serves an untouched panel until killed.
            """)

    @Option(help: "The board to emulate (see `touchhost boards`).")
    var board: String = BoardListing.defaultName

    @Option(help: "A touch script to play on the panel.")
    var script: String?

    @Option(help: "Faults to inject, e.g. byte-loss=5,lost-lifts=50,seed=7 (rates per mille; also reset, drop-link).")
    var faults: String?

    @Option(help: "Seed for the panel's noise.")
    var seed: UInt64 = 1

    @Option(help: "pty, stdio or tcp:PORT.")
    var link: String = "pty"

    @Flag(help: "Start the script at once instead of when the host first speaks.")
    var startNow = false

    func validate() throws {
        guard BoardListing.board(named: board) != nil else {
            throw ValidationError("unknown board '\(board)' (known: \(BoardListing.names.joined(separator: ", ")))")
        }
        if let faults { _ = try parseFaults(faults) }
        guard link == "pty" || link == "stdio" || (link.hasPrefix("tcp:") && UInt16(link.dropFirst(4)) != nil) else {
            throw ValidationError("--link is pty, stdio or tcp:PORT")
        }
    }

    private func parseFaults(_ text: String) throws -> FaultSpec {
        do { return try FaultSpec.parse(text) } catch { throw ValidationError("--faults: \(error)") }
    }

    func run() throws {
        let definition = BoardListing.board(named: board)!
        var parsed: TouchScript?
        if let script {
            let text: String
            do { text = try String(contentsOfFile: script, encoding: .utf8) } catch {
                throw HostFailure("\(script): cannot read it")
            }
            do { parsed = try TouchScriptParser.parse(text) } catch { throw HostFailure("\(script): \(error)") }
            if parsed!.hasReports {
                throw HostFailure("\(script): controller-level report lines cannot be played on a panel; use `touchhost replay`")
            }
        }
        let links: EmulatorLinks
        if link == "pty" {
            links = EmulatorLinks(.pty(try PseudoTerminal()))
        } else if link == "stdio" {
            links = EmulatorLinks(.stdio(FileDescriptorLink(name: "stdio", read: 0, write: 1, ownsDescriptors: false)))
        } else {
            links = EmulatorLinks(.tcp(try TCPLink.Listener(port: UInt16(link.dropFirst(4))!)))
        }
        // Standard output carries the link itself with --link stdio, so the announcement goes to stderr.
        if link == "stdio" {
            FileHandle.standardError.write(Data("stdio\n".utf8))
        } else {
            StandardOutput.line(links.announcement)
        }
        let host = EmulatorHost(
            board: definition, seed: seed, links: links, script: parsed, faults: try faults.map(parseFaults)?.settings)
        host.startsImmediately = startNow
        try host.run()
    }
}
