import Foundation
import Testing

/// The binary's contract with scripts and users: exit statuses and one-line failures.
@Suite struct CommandLineTests {
    @Test func aMissingPortIsOneLineNamingItAndStatusOne() throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["monitor", "/dev/ttyNOPE7"], timeout: 10)
        #expect(result.status == 1)
        #expect(result.error == "touchhost: /dev/ttyNOPE7: no such port\n")
    }

    @Test func aMissingFileIsOneLineNamingItAndStatusOne() throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", "/nonexistent/tour.touch"], timeout: 10)
        #expect(result.status == 1)
        #expect(result.error == "touchhost: /nonexistent/tour.touch: no such file\n")
    }

    @Test func aBrokenScriptNamesTheFileAndLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(getpid()).touch")
        try "0ms tap 1 1\n1s wiggle\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file.path], timeout: 10)
        #expect(result.status == 1)
        #expect(result.error == "touchhost: \(file.path): line 2: unknown statement 'wiggle'\n")
    }

    @Test(arguments: [
        ["replay", "--recognizers", "tap,wave", "x.touch"], ["replay", "--format", "midi", "x.touch"],
        ["monitor"], ["no-such-command"], ["monitor", "/dev/null", "--until-idle", "-1"],
        ["monitor", "/dev/null", "--mode", "touches"], ["monitor", "/dev/null", "--mode", "gestures", "--contacts-from", "heatmap"],
    ])
    func badUsageIsStatusTwo(arguments: [String]) throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), arguments, timeout: 10)
        #expect(result.status == 2, "\(result.error)")
        #expect(!result.error.isEmpty)
    }

    @Test func portsListsAsAJSONArray() throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["ports", "--json"], timeout: 10)
        #expect(result.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8))
        #expect(parsed is [Any])
    }
}
