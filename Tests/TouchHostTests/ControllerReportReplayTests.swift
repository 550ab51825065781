import Foundation
import Testing

/// Controller-level scripts through the real binary, as a user runs them: `touchhost replay FILE
/// --json`. Whatever the frames say, the script parses, every touch that begins ends exactly once,
/// and a repeated id shows up as a `duplicate-contact` status.
@Suite struct ControllerReportReplayTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let script: String
        /// Where each touch began, in order of beginning.
        let began: [[Double]]
        /// The sum of the `duplicate-contact` statuses' counts.
        let duplicates: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a lift and a new touch with one id, up first",
            script: """
                0ms  report [2 down 51 50]
                8ms  report [2 up 51 50] [2 down 200 120]
                16ms report [2 move 200 120]
                24ms report
                """,
            began: [[51, 50], [200, 120]], duplicates: 0),
        Case(
            name: "a lift and a new touch with one id, down first",
            script: """
                0ms  report [2 down 51 50]
                8ms  report [2 down 200 120] [2 up 51 50]
                16ms report [2 move 200 120]
                24ms report
                """,
            began: [[51, 50], [200, 120]], duplicates: 0),
        Case(
            name: "a lift and a new touch with one id, close by",
            script: """
                0ms  report [2 down 51 50]
                8ms  report [2 down 52 50] [2 up 51 50]
                16ms report
                """,
            began: [[51, 50], [52, 50]], duplicates: 0),
        Case(
            name: "a duplicate contact",
            script: """
                0ms  report [5 down 60 60] [5 down 60 60]
                8ms  report [5 move 60 60]
                16ms report
                """,
            began: [[60, 60]], duplicates: 1),
        Case(
            name: "repeated lifts and downs of one id",
            script: """
                0ms  report [7 down 40 40]
                8ms  report [7 up 40 40] [7 up 40 40] [7 down 90 40] [7 down 90 40]
                16ms report
                """,
            began: [[40, 40], [90, 40]], duplicates: 2),
        Case(
            name: "the lowest and highest ids the wire carries",
            script: """
                0ms  report seq 1 [0 down 10 10] [31 down 100 100]
                8ms  report seq 2 [31 up 100 100] [0 move 10 10] [31 down 150 100]
                16ms report seq 3
                """,
            began: [[10, 10], [100, 100], [150, 100]], duplicates: 0),
        Case(
            name: "a new touch of a reused id left down at the end",
            script: """
                0ms  report [1 down 10 10]
                8ms  report [1 down 30 10] [1 up 10 10]
                """,
            began: [[10, 10], [30, 10]], duplicates: 0),
    ]

    @Test(arguments: cases)
    func replayingControllerReportsEndsEveryTouchExactlyOnce(_ item: Case) throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("reports-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).touch")
        try item.script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file.path, "--json"], timeout: 20)
        #expect(result.status == 0, "\(result.error)")

        let events = try result.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        var phases: [Int: [String]] = [:]
        var began: [[Double]] = []
        for event in events where event["type"] as? String == "touch" {
            let id = try #require(event["id"] as? Int)
            let phase = try #require(event["phase"] as? String)
            phases[id, default: []].append(phase)
            if phase == "began" {
                began.append([try #require(event["x"] as? Double), try #require(event["y"] as? Double)])
            }
        }
        for (id, list) in phases {
            let terminal = list.filter { $0 == "ended" || $0 == "cancelled" }
            #expect(list.first == "began" && list.filter { $0 == "began" }.count == 1, "touch \(id): \(list)")
            #expect(terminal.count == 1 && list.last == terminal.first, "touch \(id): \(list)")
        }
        #expect(began == item.began, "\(result.lines)")
        let duplicates = events
            .filter { $0["type"] as? String == "status" && $0["event"] as? String == "duplicate-contact" }
            .reduce(0) { $0 + (($1["count"] as? Int) ?? 0) }
        #expect(duplicates == item.duplicates, "\(result.lines)")
    }
}
