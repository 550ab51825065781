import Foundation
import Testing

/// Every committed corpus input replayed, then a short run of every libFuzzer target (scripts/fuzz,
/// docs/reliability.md) on each test run, so a change that crashes a decoder on odd input, or
/// breaks a touch-stream promise under it, fails CI and not a kiosk. Skipped, saying why, where swiftc cannot build libFuzzer binaries.
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

    /// TouchCore's decoders and pipeline, then the product's whole replay path (a device's bytes
    /// through the session, and every file format `replay` reads) into its JSON and text lines.
    static let targets = [
        "frame-decoder", "decode-track", "legacy-decoders",
        "session-bytes", "replay-script", "replay-threc", "replay-evemu", "replay-unistroke",
    ]

    /// The first target to run builds the modules with the sanitizers (minutes on a small machine);
    /// the rest reuse them.
    @Test(
        .enabled(if: libFuzzerWorks, "swiftc -sanitize=fuzzer cannot build or run here (scripts/fuzz --check)"),
        .timeLimit(.minutes(20)), arguments: targets)
    func fuzzTargetSurvivesAShortRun(_ target: String) throws {
        // Every committed input once (Fuzz/corpus/TARGET): one that crashes, hangs or breaks a
        // promise now fails here, whatever the short run below happens to try.
        let committed = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("Fuzz/corpus/\(target)").path
        ).count
        #expect(committed > 0, "no committed corpus for \(target)")
        let replay = try Self.runScript([target, "--replay"])
        Self.expectPassed(replay, "scripts/fuzz \(target) --replay")
        let replayed = Self.executed(replay.output) ?? 0
        #expect(replayed >= committed, "\(replayed) of the \(committed) committed inputs ran:\n\(replay.output.suffix(2000))")

        // Then a short run that mutates them, recorded nowhere (docs/reliability.md counts long runs).
        let run = try Self.runScript([target, "--seconds", String(Self.secondsPerTarget), "--no-record"])
        Self.expectPassed(run, "scripts/fuzz \(target)")
        // It ran: libFuzzer's final statistics count the inputs it tried, at least the seeds.
        #expect((Self.executed(run.output) ?? 0) > 0, "no executions reported:\n\(run.output.suffix(2000))")
    }

    static func expectPassed(_ result: (status: Int32, output: String), _ command: String) {
        let lines = result.output.split(separator: "\n")
        let summary = lines.filter { $0.hasPrefix("fuzz:") || $0.contains("ERROR") || $0.contains("Fatal error") }
        #expect(result.status == 0, "\(command) failed:\n\(summary.joined(separator: "\n"))\n\(result.output.suffix(3000))")
    }

    /// libFuzzer's count of the inputs it ran (`-print_final_stats`).
    static func executed(_ output: String) -> Int? {
        output.split(separator: "\n").last { $0.hasPrefix("stat::number_of_executed_units:") }
            .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
    }
}
