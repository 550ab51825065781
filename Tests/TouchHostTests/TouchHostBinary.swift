import Foundation

/// The `touchhost` executable next to the test bundle, and ways to run it.
enum TouchHostBinary {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static func locate() throws -> URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("touchhost")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw Failure(description: "no touchhost binary beside \(bundle.path); run `swift build --build-tests` first")
    }

    final class Running {
        let process: Process
        private let output: FileHandle

        init(process: Process, output: FileHandle) {
            self.process = process
            self.output = output
        }

        /// Bytes read past the last line handed out.
        private var bytes: [UInt8] = []

        /// The first line of standard output, waiting up to `timeout` seconds for it.
        func firstLine(timeout: TimeInterval = 10) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let newline = bytes.firstIndex(of: 10) {
                    defer { bytes.removeSubrange(...newline) }
                    return String(decoding: bytes[..<newline], as: UTF8.self)
                }
                let chunk = output.availableData
                if chunk.isEmpty { return nil }
                bytes += chunk
            }
            return nil
        }

        /// Ends the program for certain: children of a test runner may inherit a blocked SIGTERM.
        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Every further line until the program exits; it is stopped after `timeout` seconds.
        func remainingLines(timeout: TimeInterval) -> [String] {
            let drain = Drain(output)
            _ = RealTime.waitUntil(timeout: timeout) { !process.isRunning }
            stop()
            bytes += drain.wait()
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    /// Polls /proc until `pid` has `path` open, then gives it the moment it takes to set the line
    /// up (raw mode, a flush of stale input) before the caller writes to it: real time, because
    /// another process opens a real terminal.
    static func waitUntilSetUp(_ path: String, by pid: Int32) -> Bool {
        // Generous: on a busy machine a program can take seconds to start.
        let opened = RealTime.waitUntil(timeout: 30) {
            let folder = "/proc/\(pid)/fd"
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path
            }
        }
        // The program sets the line up right after opening it; nothing outside it says when.
        if opened { RealTime.pause(0.2) }
        return opened
    }

    static func start(_ binary: URL, _ arguments: [String]) throws -> Running {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        return Running(process: process, output: pipe.fileHandleForReading)
    }

    struct Result {
        var status: Int32
        var lines: [String]
        var error: String
    }

    static func run(_ binary: URL, _ arguments: [String], timeout: TimeInterval) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        // Drain while it runs so a full pipe never stalls it.
        let stdout = Drain(out.fileHandleForReading)
        let stderr = Drain(err.fileHandleForReading)
        _ = RealTime.waitUntil(timeout: deadline.timeIntervalSinceNow) { !process.isRunning }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "touchhost \(arguments.joined(separator: " ")) ran past \(timeout) s")
        }
        return Result(
            status: process.terminationStatus,
            lines: String(decoding: stdout.wait(), as: UTF8.self).split(separator: "\n").map(String.init),
            error: String(decoding: stderr.wait(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread, so a full pipe never stalls the child.
final class Drain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// The one place the tests wait in real time, for what only another process or the operating
/// system can bring about (a program starting, opening a port, exiting). Link behaviour itself is
/// tested in virtual time; these waits are for end-to-end tests, with generous limits.
enum RealTime {
    /// Looks at `condition` every 10 ms until it holds (true) or `timeout` seconds pass (false).
    static func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            pause(0.01)
        }
        return true
    }

    /// Lets `seconds` of real time pass: for a moment nothing outside the other process marks.
    static func pause(_ seconds: TimeInterval) { usleep(useconds_t(seconds * 1_000_000)) }
}
