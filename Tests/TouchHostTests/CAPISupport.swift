import Foundation

/// libtouchhost.so built once per test run from the objects of the last `swift build`, and the
/// system C compiler to build C programs against it.
enum CAPILibrary {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the script puts lib/, include/ and lib/pkgconfig/.
    static let prefix = packageRoot.appendingPathComponent(".build/capi-test")

    /// Builds the library on first use (a link, no compile: `swift build --build-tests` made the
    /// objects); later calls get the same result.
    static func ensureBuilt() throws -> URL {
        try built.get()
    }

    private static let built: Result<URL, Failure> = {
        let script = packageRoot.appendingPathComponent("scripts/build-libtouchhost").path
        let result = CAPIProcess.run(script, ["--debug", "--no-build", prefix.path], timeout: 300)
        guard result.status == 0 else {
            return .failure(Failure(description: "build-libtouchhost failed (\(result.status)):\n\(result.output)"))
        }
        return .success(prefix)
    }()

    static var includeDir: String { prefix.appendingPathComponent("include").path }
    static var libDir: String { prefix.appendingPathComponent("lib").path }

    /// Compiles C or C++ sources into `output` against the library.
    static func compile(
        _ sources: [String], output: String, cpp: Bool = false, sanitize: Bool = false, extra: [String] = []
    ) throws {
        _ = try ensureBuilt()
        let compiler = cpp ? "c++" : "cc"
        var arguments = [cpp ? "-std=c++17" : "-std=c99", "-Wall", "-Wextra", "-Werror", "-g"]
        if sanitize { arguments += ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"] }
        arguments += ["-I", includeDir] + sources + extra
        arguments += ["-o", output, "-L", libDir, "-ltouchhost", "-lpthread", "-lm", "-Wl,-rpath," + libDir]
        let result = CAPIProcess.run("/usr/bin/env", [compiler] + arguments, timeout: 120)
        guard result.status == 0 else {
            throw Failure(description: "\(compiler) \(sources.joined(separator: " ")) failed:\n\(result.output)")
        }
    }

    /// A C or C++ program compiled once per test run (tests running in parallel share it rather
    /// than rebuild a binary another test is running).
    static func program(_ source: String, _ name: String, sanitize: Bool = false, extra: [String] = []) throws -> String {
        let binary = scratch(name + (sanitize ? "-asan" : ""))
        programsLock.lock()
        defer { programsLock.unlock() }
        if let done = programs[binary] { return try done.get() }
        let result: Result<String, Failure>
        do {
            try compile([Self.source(source)], output: binary, cpp: source.hasSuffix(".cpp"), sanitize: sanitize, extra: extra)
            result = .success(binary)
        } catch let failure as Failure {
            result = .failure(failure)
        }
        programs[binary] = result
        return try result.get()
    }

    nonisolated(unsafe) private static var programs: [String: Result<String, Failure>] = [:]
    private static let programsLock = NSLock()

    static func scratch(_ name: String) -> String {
        let dir = prefix.appendingPathComponent("bin")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    static func source(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }
}

enum CAPIProcess {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs a program to completion (stdout and stderr together), killing it after `timeout`.
    static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval) -> Result {
        start(path, arguments, environment: environment).finish(timeout: timeout)
    }

    /// A program running in the background while the test plays its counterpart.
    final class Running {
        let process: Process
        let path: String
        let collected: CAPICollector?
        let failure: String?

        init(process: Process, path: String, collected: CAPICollector?, failure: String?) {
            self.process = process
            self.path = path
            self.collected = collected
            self.failure = failure
        }

        func finish(timeout: TimeInterval) -> Result {
            if let failure { return Result(status: -1, output: failure) }
            _ = RealTime.waitUntil(timeout: timeout) { !process.isRunning }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
                return Result(status: -2, output: "\(path) ran past \(timeout) s\n" + (collected?.text() ?? ""))
            }
            return Result(status: process.terminationStatus, output: collected?.text() ?? "")
        }
    }

    static func start(_ path: String, _ arguments: [String], environment: [String: String] = [:]) -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch {
            return Running(process: process, path: path, collected: nil, failure: "cannot run \(path): \(error)")
        }
        return Running(process: process, path: path, collected: CAPICollector(pipe.fileHandleForReading), failure: nil)
    }
}

/// Reads a pipe to its end on another thread so a full pipe never stalls the child.
final class CAPICollector: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
