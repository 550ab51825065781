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
            action; without one it serves an untouched panel until killed. \
            `--board mps2-an386` runs the firmware image on an emulated Cortex-M4 under qemu-system-arm \
            (built if needed; the image is the kiosk-15 panel) and relays its UART to the printed pty; its \
            --faults (rates and seed) are sent to the firmware before the pty is printed. Its --image is the \
            shipped firmware (`contacts`, the default) or the one that also runs the kiosk gesture set and takes \
            gestures mode (`gestures`, larger than the kiosk-15 budget).
            """)

    @Option(help: "The board to emulate (see `touchhost boards`).")
    var board: String = BoardListing.defaultName

    @Option(help: "A touch script to play on the panel.")
    var script: String?

    @Option(help: "Faults to inject, e.g. byte-loss=5,lost-lifts=50,seed=7 (rates per mille; also reset, drop-link).")
    var faults: String?

    @Option(help: "Seed for the panel's noise.")
    var seed: UInt64 = 1

    @Option(help: "pty, stdio or tcp:PORT (port 0: the system chooses; the first line says which).")
    var link: String = "pty"

    @Option(help: "With --link tcp:PORT: the address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every interface).")
    var listen: String?

    @Option(help: "How the panel sits on its display, e.g. rotate=180,scale=1.03,shift=2x-1 (also flip=x|y): the script's fingers touch the display, the panel reads them so mounted.")
    var mount: String?

    @Option(help: "With --board mps2-an386: the firmware image, contacts (default) or gestures.")
    var image: String?

    @Flag(help: "Start the script at once instead of when the host first speaks.")
    var startNow = false

    @Option(help: "Write each script action as it enters the panel to FILE: finger, action, controller time and CLOCK_MONOTONIC time in µs (for scripts/latency).")
    var stimulusLog: String?

    func validate() throws {
        if let image {
            guard board == QEMUEmulation.boardName else {
                throw ValidationError("--image goes with --board \(QEMUEmulation.boardName) (the host emulator recognizes gestures itself)")
            }
            guard QEMULauncher.Image(rawValue: image) != nil else {
                throw ValidationError("--image is \(QEMULauncher.Image.allCases.map(\.rawValue).joined(separator: " or "))")
            }
        }
        if board == QEMUEmulation.boardName {
            guard mount == nil, link == "pty", listen == nil, stimulusLog == nil else {
                throw ValidationError("--board \(board) takes only --script, --faults, --image and --start-now (the link is a pty)")
            }
            // The one-shot faults are the host emulator's: it fires them halfway through the script.
            if let settings = try faults.map(parseFaults)?.settings, settings.resetController || settings.dropLink {
                throw ValidationError("--board \(board): --faults takes rates and seed only (reset and drop-link are the host emulator's)")
            }
            return
        }
        guard BoardListing.board(named: board) != nil else {
            let known = (BoardListing.names + [QEMUEmulation.boardName]).joined(separator: ", ")
            throw ValidationError("unknown board '\(board)' (known: \(known))")
        }
        if let faults { _ = try parseFaults(faults) }
        if let mount {
            do { _ = try PanelMount.parse(mount, panel: BoardListing.board(named: board)!.panelSize) } catch {
                throw ValidationError("--mount: \(error)")
            }
        }
        guard link == "pty" || link == "stdio" || (link.hasPrefix("tcp:") && UInt16(link.dropFirst(4)) != nil) else {
            throw ValidationError("--link is pty, stdio or tcp:PORT")
        }
        if let listen {
            guard link.hasPrefix("tcp:") else { throw ValidationError("--listen goes with --link tcp:PORT") }
            guard !listen.isEmpty else { throw ValidationError("--listen needs an address, like 127.0.0.1 or ::") }
        }
    }

    private func parseFaults(_ text: String) throws -> FaultSpec {
        do { return try FaultSpec.parse(text) } catch { throw ValidationError("--faults: \(error)") }
    }

    func run() throws {
        let parsed = try readScript()
        if board == QEMUEmulation.boardName {
            try QEMUEmulation(
                script: parsed, image: image.flatMap(QEMULauncher.Image.init(rawValue:)) ?? .contacts, startsImmediately: startNow,
                faults: try faults.map(parseFaults)?.settings
            ).run()
        } else {
            try serveOnHost(parsed)
        }
    }

    private func readScript() throws -> TouchScript? {
        guard let script else { return nil }
        let parsed = try TouchScript.load(path: script)
        if parsed.hasReports {
            throw HostFailure("\(script): controller-level report lines cannot be played on a panel; use `touchhost replay`")
        }
        return parsed
    }

    private func serveOnHost(_ parsed: TouchScript?) throws {
        let definition = BoardListing.board(named: board)!
        let links: EmulatorLinks
        if link == "pty" {
            links = EmulatorLinks(.pty(try PseudoTerminal()))
        } else if link == "stdio" {
            links = EmulatorLinks(.stdio(FileDescriptorLink(name: "stdio", read: 0, write: 1, ownsDescriptors: false)))
        } else {
            links = EmulatorLinks(.tcp(try TCPLink.Listener(
                port: UInt16(link.dropFirst(4))!, address: listen ?? TCPLink.Listener.defaultAddress)))
        }
        // Standard output carries the link itself with --link stdio, so the announcement goes to stderr.
        if link == "stdio" {
            FileHandle.standardError.write(Data("stdio\n".utf8))
        } else {
            StandardOutput.line(links.announcement)
        }
        let mounting = try mount.map { (text) throws(HostFailure) in try PanelMount.parse(text, panel: parsed?.panelSize ?? definition.panelSize) }
        let host = EmulatorHost(
            board: definition, seed: seed, links: links, script: parsed, faults: try faults.map(parseFaults)?.settings,
            mount: mounting)
        host.startsImmediately = startNow
        // Kept in memory and written at the end, so the log costs the emulator's loop nothing.
        var logged = ""
        if let stimulusLog {
            try OutputFile.checkWritable(stimulusLog)
            host.stimulusObserver = { stimulus, deviceTime, monotonic in
                logged += "\(stimulus.finger) \(stimulus.action) \(deviceTime) \(monotonic)\n"
            }
        }
        defer {
            if let stimulusLog { try? OutputFile.replace(stimulusLog, with: logged) }
        }
        try host.run()
    }
}
