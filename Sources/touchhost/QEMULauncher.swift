import Foundation
import TouchHost

/// Runs the controller firmware on an emulated Cortex-M4 (`qemu-system-arm -M mps2-an386`) with
/// its UART0 on a pseudo-terminal, so a session talks to it exactly as to a controller on a serial
/// port. Builds the image with `Boards/mps2-an386/build.sh` when it is missing or older than its
/// sources. Used by `touchhost emulate --board mps2-an386`; it lives in the CLI, whose Foundation
/// the C library does without (docs/c-api.md, "Size").
struct QEMULauncher: Sendable {
    /// A running QEMU: the pseudo-terminal UART0 is on, and the process to wait for or terminate.
    /// QEMU ends with the firmware's semihosting status (0 unless the firmware faulted: 2).
    public struct Running: @unchecked Sendable {
        public let ptyPath: String
        public let process: Process
        public let image: URL

        /// Ends QEMU and waits for it. SIGKILL, because a process spawned from a Dispatch or
        /// Swift-concurrency thread inherits that thread's blocked signals, and then ignores the
        /// SIGTERM `Process.terminate()` sends; QEMU holds no state worth a clean shutdown.
        public func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    public enum LaunchError: Error, CustomStringConvertible {
        case qemuNotFound
        case buildFailed(status: Int32, output: String)
        case noPseudoTerminal(output: String)
        case exitedEarly(status: Int32, output: String)

        public var description: String {
            switch self {
            case .qemuNotFound:
                return "qemu-system-arm not found on PATH (Debian: apt-get install qemu-system-arm)"
            case .buildFailed(let status, let output):
                return "Boards/mps2-an386/build.sh failed with status \(status): \(output)"
            case .noPseudoTerminal(let output):
                return "qemu-system-arm did not report a pseudo-terminal for serial0: \(output)"
            case .exitedEarly(let status, let output):
                return "qemu-system-arm exited with status \(status) before the firmware started: \(output)"
            }
        }
    }

    /// Which of build.sh's firmware images runs: the plain controller (the shipped firmware) or
    /// the one that also recognizes the kiosk gesture set (`--gestures`, gestures mode).
    public enum Image: String, CaseIterable, Sendable {
        case contacts
        case gestures

        var fileName: String { self == .contacts ? "touchhost.elf" : "touchhost-gestures.elf" }
        var buildArguments: [String] { self == .contacts ? [] : ["--gestures"] }
    }

    /// The package checkout holding `Boards/mps2-an386` and the firmware sources.
    public var packageRoot: URL
    public var image: Image
    /// Where build.sh writes the image; defaults to `.build/mps2-an386` in the package.
    public var buildDirectory: URL
    public var qemuPath: String?

    public init(
        packageRoot: URL, image: Image = .contacts, buildDirectory: URL? = nil, qemuPath: String? = QEMULauncher.findQEMU()
    ) {
        self.packageRoot = packageRoot
        self.image = image
        self.buildDirectory = buildDirectory ?? packageRoot.appendingPathComponent(".build/mps2-an386")
        self.qemuPath = qemuPath
    }

    public var imageURL: URL { buildDirectory.appendingPathComponent(image.fileName) }

    public static func findQEMU() -> String? { FileStatus.executable(named: "qemu-system-arm") }

    /// The command line QEMU runs with. Semihosting stays on so a firmware fault ends QEMU with a
    /// status instead of leaving a hung process.
    public static func arguments(image: URL) -> [String] {
        ["-M", "mps2-an386", "-nographic", "-monitor", "none", "-serial", "pty",
         "-semihosting-config", "enable=on,target=native", "-kernel", image.path]
    }

    /// The pty from QEMU's "char device redirected to /dev/pts/N (label serial0)" line.
    public static func pseudoTerminalPath(fromQEMUOutput line: Substring) -> String? {
        guard line.contains("label serial0"), let range = line.range(of: "redirected to ") else { return nil }
        let rest = line[range.upperBound...]
        guard let path = rest.split(separator: " ").first, path.hasPrefix("/dev/") else { return nil }
        return String(path)
    }

    /// Builds the image unless it is newer than every source it is made from.
    @discardableResult
    public func buildImageIfNeeded() throws -> URL {
        if let built = Self.modificationDate(imageURL), let newest = newestSourceDate(), built >= newest {
            return imageURL
        }
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/bash")
        // The size budget is checked by the build and the test suite; an emulator session only
        // needs the image to run.
        build.arguments = [packageRoot.appendingPathComponent("Boards/mps2-an386/build.sh").path]
            + image.buildArguments + ["--no-budget", "--out", buildDirectory.path]
        let output = Pipe()
        build.standardOutput = output
        build.standardError = output
        try build.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        build.waitUntilExit()
        guard build.terminationStatus == 0 else {
            throw LaunchError.buildFailed(status: build.terminationStatus, output: text)
        }
        return imageURL
    }

    /// Starts QEMU on `image` (the firmware image by default, built if needed) and returns once
    /// QEMU has named the pseudo-terminal, or throws after `timeout` seconds.
    public func launch(image: URL? = nil, timeout: TimeInterval = 10) throws -> Running {
        guard let qemuPath else { throw LaunchError.qemuNotFound }
        let image = try image ?? buildImageIfNeeded()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: qemuPath)
        process.arguments = Self.arguments(image: image)
        let messages = Pipe()
        process.standardOutput = messages
        process.standardError = messages
        process.standardInput = FileHandle.nullDevice
        let found = PseudoTerminalWatch()
        // Keeps draining QEMU's output after the pty line so QEMU never blocks on a full pipe.
        messages.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                found.finish()
            } else {
                found.append(data)
            }
        }
        try process.run()
        if let path = found.waitForPath(until: Date().addingTimeInterval(timeout)) {
            return Running(ptyPath: path, process: process, image: image)
        }
        if found.hasEnded {
            // QEMU closed its output without naming a terminal: it has exited or is exiting.
            process.waitUntilExit()
            throw LaunchError.exitedEarly(status: process.terminationStatus, output: found.text)
        }
        Running(ptyPath: "", process: process, image: image).stop()
        throw LaunchError.noPseudoTerminal(output: found.text)
    }

    private func newestSourceDate() -> Date? {
        let folders = ["Sources/TouchCore", "Firmware/Controller", "Boards/Catalog", "Boards/mps2-an386"]
        var newest: Date?
        for folder in folders {
            let url = packageRoot.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.contentModificationDateKey])
            else { continue }
            for case let file as URL in files {
                if let date = Self.modificationDate(file), newest.map({ date > $0 }) ?? true { newest = date }
            }
        }
        return newest
    }

    private static func modificationDate(_ url: URL) -> Date? {
        (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
    }
}

/// QEMU's output collected from the pipe's reader thread, and the pty path once it appears; the
/// launcher waits on it instead of polling.
private final class PseudoTerminalWatch: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer = Data()
    private var foundPath: String?
    private var ended = false

    var text: String { condition.withLock { String(decoding: buffer, as: UTF8.self) } }
    var hasEnded: Bool { condition.withLock { ended } }

    /// The pty's path once QEMU names it; nil if its output ends first or `deadline` passes.
    func waitForPath(until deadline: Date) -> String? {
        condition.withLock {
            while foundPath == nil, !ended, condition.wait(until: deadline) {}
            return foundPath
        }
    }

    func append(_ data: Data) {
        condition.withLock {
            guard foundPath == nil else { return }
            buffer.append(data)
            let text = String(decoding: buffer, as: UTF8.self)
            for line in text.split(separator: "\n") {
                if let path = QEMULauncher.pseudoTerminalPath(fromQEMUOutput: line) { foundPath = path }
            }
            condition.broadcast()
        }
    }

    /// QEMU closed its output (it exited).
    func finish() {
        condition.withLock {
            ended = true
            condition.broadcast()
        }
    }
}
