import Foundation
import Testing

/// A short run of every libFuzzer target (scripts/fuzz, docs/reliability.md) on each test run, so a
/// change that crashes a decoder on odd input, or breaks a touch-stream promise under it, fails CI
/// and not a kiosk. Skipped, saying why, where swiftc cannot build libFuzzer binaries.
@Suite(.serialized) struct FuzzSmokeTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let secondsPerTarget = 5

    static func runScript(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = repository.appendingPathComponent("scripts/fuzz")
        process.arguments = arguments
        process.currentDirectoryURL = repository
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let libFuzzerWorks: Bool = (try? runScript(["--check"]).status) == 0

    @Test(
        .enabled(if: libFuzzerWorks, "swiftc -sanitize=fuzzer cannot build or run here (scripts/fuzz --check)"),
        .timeLimit(.minutes(6)))
    func everyFuzzTargetSurvivesAShortRun() throws {
        let targets = ["frame-decoder", "decode-track", "legacy-decoders"]
        let (status, output) = try Self.runScript(targets + ["--seconds", String(Self.secondsPerTarget)])
        let summary = output.split(separator: "\n").filter {
            $0.hasPrefix("fuzz:") || $0.contains("stat::number_of_executed_units") || $0.contains("ERROR")
        }
        #expect(status == 0, "scripts/fuzz failed:\n\(summary.joined(separator: "\n"))\n\(output.suffix(3000))")
        // Each target ran: libFuzzer prints its final statistics once per target started.
        let started = summary.filter { $0.hasPrefix("fuzz: running") }.count
        #expect(started >= 3)
        #expect(summary.filter { $0.contains("stat::number_of_executed_units") }.count == started)
    }

    /// The TouchHost text parsers: bad text is a thrown error naming a line, never a trap or a hang.
    @Test(
        .enabled(if: libFuzzerWorks, "swiftc -sanitize=fuzzer cannot build or run here (scripts/fuzz --check)"),
        .timeLimit(.minutes(6)),
        arguments: ["script-parser", "evemu-importer"])
    func textParserSurvivesAShortRun(_ target: String) throws {
        let (status, output) = try Self.runScript([target, "--seconds", String(Self.secondsPerTarget)])
        #expect(status == 0, "\(output.suffix(3000))")
    }
}
