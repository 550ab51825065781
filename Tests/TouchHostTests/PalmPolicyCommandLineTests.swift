import Foundation
import Testing

/// `--palms suppress|report` is one option on every command that reads contacts a source may judge
/// palms (monitor: PalmAndShapeEndToEndTests; here replay and demo), through the real binary.
@Suite(.serialized) struct PalmPolicyCommandLineTests {
    /// A resting palm on kiosk-15 and a finger tapping 60 mm beside it, as the HIL scenario has it.
    static let script = """
        0ms     palm   at 120 100 size 90 by 70 for 1500ms
        600ms   tap    180 105
        """

    static func objects(_ lines: [String]) -> [[String: Any]] {
        lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func began(_ events: [[String: Any]]) -> [[String: Any]] {
        events.filter { $0["type"] as? String == "touch" && $0["phase"] as? String == "began" }
    }

    static func palmStatuses(_ events: [[String: Any]]) -> [String] {
        events.filter { $0["type"] as? String == "status" && $0["event"] as? String == "palm" }.compactMap { $0["phase"] as? String }
    }

    @Test(arguments: ["suppress", "report"])
    func replayHandlesAScriptedPalmAsTold(_ policy: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("palm-replay-\(getpid())-\(policy).touch")
        try Self.script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file.path, "--json", "--palms", policy], timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        let events = Self.objects(result.lines)
        let began = Self.began(events)
        #expect(Self.palmStatuses(events) == ["began", "ended"], "\(result.lines)")
        #expect(began.filter { $0["palm"] as? Bool == true }.count == (policy == "report" ? 1 : 0), "\(began)")
        #expect(began.filter { $0["palm"] == nil }.count == 1, "the finger: \(began)")
        let taps = events.filter { $0["type"] as? String == "gesture" && $0["name"] as? String == "tap" }
        // A tap needs the only finger down: with the palm reported as a touch, there are two.
        #expect(taps.count == (policy == "report" ? 0 : 1), "\(taps)")
    }

    @Test(arguments: ["suppress", "report"])
    func theDemoTourHandlesItsPalmAsTold(_ policy: String) throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["demo", "--json", "--palms", policy], timeout: 90)
        #expect(result.status == 0, "\(result.error)")
        let events = Self.objects(result.lines)
        #expect(Self.palmStatuses(events) == ["began", "ended"], "\(Self.palmStatuses(events))")
        #expect(Self.began(events).filter { $0["palm"] as? Bool == true }.count == (policy == "report" ? 1 : 0))
    }

    @Test(arguments: [["replay", "--palms", "ignore"], ["demo", "--palms", "ignore"], ["monitor", "/dev/null", "--palms", "ignore"]])
    func anUnknownPolicyIsBadUsage(_ arguments: [String]) throws {
        var arguments = arguments
        if arguments[0] == "replay" { arguments.insert("x.touch", at: 1) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), arguments, timeout: 30)
        #expect(result.status == 2, "\(result.status)")
        #expect(result.error.contains("--palms is suppress or report, not 'ignore'"), "\(result.error)")
    }
}
