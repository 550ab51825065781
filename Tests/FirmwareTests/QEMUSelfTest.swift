import Foundation
import Testing

/// The firmware on an emulated Cortex-M4: the self-test image must pass under QEMU, and the
/// firmware image must carry no allocator and fit the kiosk-15 size budget.
@Suite(.serialized)
struct QEMUSelfTest {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let board = packageRoot.appendingPathComponent("Boards/mps2-an386")
    static let qemuInstalled = executable(named: "qemu-system-arm") != nil

    @Test(.enabled(if: qemuInstalled, "qemu-system-arm is not installed (apt-get install qemu-system-arm)"),
          .timeLimit(.minutes(15)))
    func selfTestImagePassesUnderQEMU() throws {
        // Next to the firmware image, so the build reuses its TouchCore, Firmware and Boards objects.
        // --measure counts instructions (QEMU -icount) and fails a scan over its budget.
        let out = try FirmwareImage.shared.get().elf.deletingLastPathComponent()
        let run = try Self.run("/bin/bash", [Self.board.appendingPathComponent("selftest.sh").path,
                                             "--measure", "--timeout", "120", "--out", out.path])
        #expect(run.status == 0, "selftest.sh exited \(run.status):\n\(run.output)")
        #expect(run.output.contains("selftest: PASS"), "\(run.output)")
        #expect(!run.output.contains("FAIL"), "\(run.output)")
    }

    @Test(.timeLimit(.minutes(15)))
    func firmwareImageHasNoAllocator() throws {
        let image = try FirmwareImage.shared.get()
        let nm = try #require(Self.executable(named: "llvm-nm", preferring: "/opt/swift/usr/bin"))
        let symbols = try Self.run(nm, [image.elf.path])
        try #require(symbols.status == 0, "\(symbols.output)")
        let names = Set(symbols.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        #expect(names.contains("board_main"), "llvm-nm output does not look like the image's:\n\(symbols.output)")
        let allocators: Set = ["malloc", "calloc", "realloc", "free", "posix_memalign", "aligned_alloc",
                               "swift_allocObject", "swift_slowAlloc"]
        #expect(names.isDisjoint(with: allocators), "allocator symbols: \(names.intersection(allocators).sorted())")
    }

    @Test(.timeLimit(.minutes(15)))
    func firmwareImageFitsTheKiosk15SizeBudget() throws {
        let image = try FirmwareImage.shared.get()
        #expect(image.flash > 0 && image.flash <= 64 * 1024, "flash \(image.flash) B")
        #expect(image.ram <= 32 * 1024, "RAM \(image.ram) B including the stack")
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

/// A firmware image, built once per test run (without failing on the budget, which has its own
/// test) and shared by the tests that inspect or run it: the plain one (`shared`) and the one that
/// also runs the kiosk gesture set (`gestures`, built by `build.sh --gestures` in a folder of its
/// own, so that the two builds never share objects while they run). The first test to ask waits
/// for the build: 24 s on a quiet machine, three minutes and more beside the whole suite, hence
/// those tests' 15-minute limits (they catch a hang, not slowness).
struct FirmwareImage: Sendable {
    let elf: URL
    let flash: Int
    let ram: Int
    let stack: Int

    static let shared: Result<FirmwareImage, BuildFailure> = build(name: "touchhost", arguments: [], folder: "image")
    static let gestures: Result<FirmwareImage, BuildFailure> =
        build(name: "touchhost-gestures", arguments: ["--gestures"], folder: "gestures-image")

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    private static func build(name: String, arguments: [String], folder: String) -> Result<FirmwareImage, BuildFailure> {
        do {
            let out = try QEMUSelfTest.scratchDirectory(folder)
            let run = try QEMUSelfTest.run("/bin/bash", [QEMUSelfTest.board.appendingPathComponent("build.sh").path]
                                                        + arguments + ["--no-budget", "--out", out.path])
            guard run.status == 0 else { return .failure(BuildFailure(description: "build.sh failed:\n\(run.output)")) }
            // "touchhost.elf: flash N B (budget 65536), RAM N B incl. N B stack (budget 32768)"
            guard let line = run.output.split(separator: "\n").first(where: { $0.hasPrefix("\(name).elf: flash") }) else {
                return .failure(BuildFailure(description: "no size line in:\n\(run.output)"))
            }
            let words = line.split(separator: " ")
            func number(after word: String) -> Int? {
                words.firstIndex(of: Substring(word)).flatMap { Int(words[words.index(after: $0)]) }
            }
            guard let flash = number(after: "flash"), let ram = number(after: "RAM"), let stack = number(after: "incl.") else {
                return .failure(BuildFailure(description: "unreadable size line: \(line)"))
            }
            return .success(FirmwareImage(elf: out.appendingPathComponent("\(name).elf"), flash: flash, ram: ram, stack: stack))
        } catch {
            return .failure(BuildFailure(description: "\(error)"))
        }
    }
}
