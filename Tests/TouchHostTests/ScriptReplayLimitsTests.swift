import Foundation
import Testing
@testable import TouchHost

/// Touch scripts are untrusted input (issue 12): through the `touchhost` binary, no script makes
/// `replay` or `emulate` trap, hang or balloon. A script past the limits is refused in one line
/// naming the file and the line; a legal script of any length replays in flat memory, its reports
/// made as they are fed.
@Suite struct ScriptReplayLimitsTests {
    /// Far more than the replay needs (tens of MiB), far less than an unbounded expansion takes.
    static let peakMiB = 200.0

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var script: String
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "a hold longer than a day", script: "0ms hold 100 100 for 100000s\n",
                message: "line 1: duration out of range: '100000s' (a script spans at most 24 h)"),
        Refusal(name: "a report period of zero", script: "rate 2000000\n0ms tap 10 10\n",
                message: "line 1: report rate 2000000 is not in 1...1000 reports per second"),
        Refusal(name: "a statement ending past 24 h", script: "0ms tap 1 1\n86000s drag from 0 0 to 10 10 in 1000s\n",
                message: "line 2: this statement ends after 24 h, the longest a script may run"),
        Refusal(name: "a coordinate no panel has", script: "0ms down 1 1e30 10\n",
                message: "line 1: x '1e30' is out of range (-10000...10000)"),
        Refusal(name: "a sequence number wider than the wire's", script: "0ms report seq 70000 [1 down 1 1]\n",
                message: "line 1: sequence number 70000 is not in 0...65535 (the wire protocol's 16 bits)"),
    ]

    @Test(arguments: refusals)
    func aScriptPastTheLimitsIsRefusedInOneLineNamingTheLine(refusal: Refusal) throws {
        let file = try TouchHostBinary.temporaryFile("limits.touch", refusal.script)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try TouchHostBinary.measure(try TouchHostBinary.locate(), ["replay", file.path, "--json"], timeout: 20)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(file.path): \(refusal.message)\n")
        #expect(run.output.isEmpty)
        #expect(run.peakMiB < Self.peakMiB)
    }

    /// A day of reports is far too many to wait for in a test; what matters is that they stream:
    /// the replay (and the emulator) is still running after a few seconds, has produced output,
    /// and its memory stayed flat. An expansion made up front takes gigabytes before the first line.
    @Test(arguments: [
        (["replay", "--json"], "{\"type\":\"touch\""),
        (["emulate", "--board", "kiosk-15", "--start-now", "--script"], "pty: /dev/"),
    ])
    func aDayLongScriptStreamsInFlatMemory(command: [String], output: String) throws {
        let script = "rate 1000\n0ms drag from 10 10 to 300 180 in 86399s fingers 10 spread 5\n100ms hold 50 50 for 86000s\n"
        let file = try TouchHostBinary.temporaryFile("day.touch", script)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try TouchHostBinary.measure(
            try TouchHostBinary.locate(), command + [file.path], timeout: 6, addressSpaceMiB: 1_024)
        #expect(run.timedOut, "ended early with \(run.status): \(run.error)")
        #expect(run.output.hasPrefix(output))
        #expect(run.peakMiB < Self.peakMiB)
    }

    @Test(arguments: [
        ("a 100 MiB file", 100 * 1_048_576),
        ("just past the limit", TouchScript.Limits.bytes + 1),
    ])
    func aScriptFileLargerThanTheLimitIsRefusedBeforeItIsRead(name: String, size: Int) throws {
        // Sparse: the file takes no disk, but it is as large as it says.
        let file = try TouchHostBinary.temporaryFile("huge.touch", "")
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        let run = try TouchHostBinary.measure(try TouchHostBinary.locate(), ["replay", file.path], timeout: 20)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(file.path): larger than 16 MiB, the most a touch script may hold\n")
        #expect(run.peakMiB < Self.peakMiB)
    }

    /// A device or a pipe has no size to check: it is read up to the limit and no further.
    @Test(arguments: [["replay", "/dev/zero"], ["replay", "/dev/zero", "--format", "script"], ["emulate", "--script", "/dev/zero"]])
    func anEndlessInputIsRefusedAtTheLimit(arguments: [String]) throws {
        let run = try TouchHostBinary.measure(try TouchHostBinary.locate(), arguments, timeout: 30)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: /dev/zero: larger than 16 MiB, the most a touch script may hold\n")
        #expect(run.peakMiB < Self.peakMiB)
    }

    /// The largest script allowed, made of the statements that cost the most memory per byte, is
    /// held within the bound; its last line is wrong, so the whole file is parsed and nothing replayed.
    @Test(arguments: ["0s cancel\n", "0s report[1 up 1 1]\n", "0s path 1 1,2 2 in 1s\n"])
    func theLargestScriptAllowedIsParsedWithinTheBound(line: String) throws {
        let count = (TouchScript.Limits.bytes - 100) / line.utf8.count
        let text = String(repeating: line, count: count) + "0s oops\n"
        let file = try TouchHostBinary.temporaryFile("largest.touch", text)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try TouchHostBinary.measure(try TouchHostBinary.locate(), ["replay", file.path], timeout: 120)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(file.path): line \(count + 1): unknown statement 'oops'\n")
        #expect(run.peakMiB < Self.peakMiB, "peak \(run.peakMiB) MiB")
    }

    /// Scripts too long to show as test arguments are made by name.
    static let wordScripts: [String: String] = [
        "a 1 MB word": "0ms " + String(repeating: "x", count: 1_000_000) + " 1 1\n",
        "a 1 MB time": String(repeating: "9", count: 1_000_000) + "ms tap 1 1\n",
        "control characters": "0ms tap 1 \u{1B}[2J\u{7}\n",
        "a NUL and a bell": "0ms \u{0}ring\u{7} 1 1\n",
        "a carriage return alone": "0ms tap 1 1\r\r\n5ms ta\rp 1 1\r\n",
    ]

    @Test(arguments: [
        ("a 1 MB word", "line 1: unknown statement 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"),
        ("a 1 MB time", "line 1: time out of range: '9999999999999999999999999999999999999999…' (a script spans at most 24 h)"),
        ("control characters", "line 1: y '\\u{1B}' is not a number"),
        ("a NUL and a bell", "line 1: unknown statement '\\u{0}ring\\u{7}'"),
        ("a carriage return alone", "line 2: unknown statement 'ta'"),
    ])
    func errorMessagesCutLongWordsAndShowNoControlCharacters(name: String, message: String) throws {
        let file = try TouchHostBinary.temporaryFile("words.touch", try #require(Self.wordScripts[name]))
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try TouchHostBinary.measure(try TouchHostBinary.locate(), ["replay", file.path], timeout: 20)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(file.path): \(message)\n")
        #expect(!run.error.dropLast().unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func aCRLFScriptReplaysAsItsLFTwin() throws {
        let text = "panel 300 200\nrate 100\n# a tour\n0ms tap 50 50\n200ms drag from 10 10 to 200 100 in 300ms\n1s report seq 7 [3 down 9 9]\n"
        let lf = try TouchHostBinary.temporaryFile("lf.touch", text)
        let crlf = try TouchHostBinary.temporaryFile("crlf.touch", text.replacingOccurrences(of: "\n", with: "\r\n"))
        defer {
            try? FileManager.default.removeItem(at: lf)
            try? FileManager.default.removeItem(at: crlf)
        }
        let binary = try TouchHostBinary.locate()
        let expected = try TouchHostBinary.measure(binary, ["replay", lf.path, "--json"], timeout: 30)
        let got = try TouchHostBinary.measure(binary, ["replay", crlf.path, "--json"], timeout: 30)
        #expect(expected.status == 0 && expected.lines.count > 10)
        #expect(got.status == 0, "\(got.error)")
        #expect(got.output == expected.output)
    }
}
