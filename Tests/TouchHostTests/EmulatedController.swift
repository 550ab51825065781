import Foundation

/// `touchhost emulate` started for a test, as a user starts it: its script in a temporary file,
/// its link a pseudo-terminal unless the arguments choose TCP, and the address it announced on
/// its first line, ready for `monitor`, `record`, `bridge` or a C program to open.
final class EmulatedController {
    let running: TouchHostBinary.Running
    /// The announcement as printed: "pty: /dev/pts/3" or "tcp: 127.0.0.1:4000".
    let announcement: String
    /// What a host opens: the pty's path, or `tcp:HOST:PORT`.
    let address: String
    private let script: URL?
    private let errors: Drain

    /// Starts the emulator with `arguments` after `emulate` (and `--script FILE` when `script` is
    /// given). `announcedWithin`: the board's image may need building first (QEMU boards).
    init(script text: String? = nil, _ arguments: [String] = [], announcedWithin timeout: TimeInterval = 30) throws {
        let binary = try TouchHostBinary.locate()
        script = try text.map { try TouchHostBinary.temporaryFile("emulated.touch", $0) }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["emulate"] + (script.map { ["--script", $0.path] } ?? []) + arguments
        let output = Pipe(), errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
        errors = Drain(errorPipe.fileHandleForReading)
        running = TouchHostBinary.Running(process: process, output: output.fileHandleForReading)
        let first = running.firstLine(timeout: timeout) ?? ""
        if first.hasPrefix("pty: ") {
            address = String(first.dropFirst("pty: ".count))
        } else if first.hasPrefix("tcp: ") {
            address = "tcp:" + first.dropFirst("tcp: ".count)
        } else {
            running.stop()
            if let script { try? FileManager.default.removeItem(at: script) }
            let said = String(decoding: errors.wait(), as: UTF8.self)
            throw TouchHostBinary.Failure(description: "emulate \(arguments.joined(separator: " ")) printed '\(first)': \(said)")
        }
        announcement = first
    }

    /// The TCP port, when the link is TCP.
    var port: UInt16? {
        guard address.hasPrefix("tcp:"), let colon = address.lastIndex(of: ":") else { return nil }
        return UInt16(address[address.index(after: colon)...])
    }

    var isRunning: Bool { running.process.isRunning }

    /// What the emulator wrote on standard error, once it has exited or been stopped.
    func errorText() -> String {
        stop()
        return String(decoding: errors.wait(), as: UTF8.self)
    }

    /// Ends the emulator for certain and removes its script.
    func stop() {
        running.stop()
        if let script { try? FileManager.default.removeItem(at: script) }
    }

    deinit { stop() }
}
