import Foundation
import Testing

/// The firmware on an emulated Cortex-M4: the self-test image must pass under QEMU, and the
/// firmware image must carry no allocator.
@Suite(.serialized)
struct QEMUSelfTest {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let board = packageRoot.appendingPathComponent("Boards/mps2-an386")
    static let qemuInstalled = executable(named: "qemu-system-arm") != nil

    @Test(.enabled(if: qemuInstalled, "qemu-system-arm is not installed (apt-get install qemu-system-arm)"),
          .timeLimit(.minutes(5)))
    func selfTestImagePassesUnderQEMU() throws {
        let out = try Self.scratchDirectory("selftest")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try Self.run("/bin/bash", [Self.board.appendingPathComponent("selftest.sh").path,
                                             "--timeout", "120", "--out", out.path])
        #expect(run.status == 0, "selftest.sh exited \(run.status):\n\(run.output)")
        #expect(run.output.contains("selftest: PASS"), "\(run.output)")
        #expect(!run.output.contains("FAIL"), "\(run.output)")
    }

    @Test(.timeLimit(.minutes(5)))
    func firmwareImageHasNoAllocator() throws {
        let out = try Self.scratchDirectory("image")
        defer { try? FileManager.default.removeItem(at: out) }
        let build = try Self.run("/bin/bash", [Self.board.appendingPathComponent("build.sh").path, "--out", out.path])
        try #require(build.status == 0, "build.sh failed:\n\(build.output)")
        let nm = try #require(Self.executable(named: "llvm-nm", preferring: "/opt/swift/usr/bin"))
        let symbols = try Self.run(nm, [out.appendingPathComponent("touchhost.elf").path])
        try #require(symbols.status == 0, "\(symbols.output)")
        let names = Set(symbols.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        #expect(names.count > 10, "llvm-nm listed too few symbols to judge:\n\(symbols.output)")
        let allocators: Set = ["malloc", "calloc", "realloc", "free", "posix_memalign", "aligned_alloc",
                               "swift_allocObject", "swift_slowAlloc"]
        #expect(names.isDisjoint(with: allocators), "allocator symbols: \(names.intersection(allocators).sorted())")
    }

    // MARK: helpers

    static func executable(named name: String, preferring directory: String? = nil) -> String? {
        var directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        if let directory { directories.insert(directory, at: 0) }
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func scratchDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("touchhost-qemu-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
