import Foundation
import SharedDataSupport
import Testing

/// The $1 paper's user-dependent protocol through `touchhost replay --template`, as
/// `scripts/template-protocol` runs it (the one implementation of the protocol), on a seeded
/// sample small enough for the suite: one draw per subject at medium speed, T = 1, 3 and 9, each
/// subject judged at the minimum score chosen on the other four (leave-one-subject-out).
@Suite struct TemplateProtocolTests {
    struct Row: Decodable {
        var accuracy: Double
        var none: Double
        var wrong: Double
        var rejected: Double
        var strokes: Int
        var unknown_strokes: Int
    }

    struct Figures: Decodable {
        var `default`: [String: Row]
        var loso: [String: Row]
        var chosen_on_all: Double
    }

    static func run() throws -> Figures {
        let strokes = try SharedTestData.files(in: "unistroke", extensions: ["xml"])
        #expect(strokes.count >= 2400, "the five subjects' 2400 strokes")
        let script = SharedTestData.packageRoot.appendingPathComponent("scripts/template-protocol").path
        let arguments = [
            "UNISTROKE_DATA=" + SharedTestData.folder("unistroke").path, "python3", script, "--json", "--draws", "1",
            "--seed", "27", "--examples", "1,3,9", "--speeds", "medium", "--touchhost", try TouchHostBinary.locate().path,
        ]
        let result = try TouchHostBinary.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, timeout: 900)
        #expect(result.status == 0, "\(result.error)")
        let line = try #require(result.lines.last)
        return try JSONDecoder().decode(Figures.self, from: Data(line.utf8))
    }

    @Test func heldOutSubjectsBeatThePaperWithTheDefaultsAndRejectStrangers() throws {
        let figures = try Self.run()
        let goals: [(String, Double)] = [("1", 0.97), ("3", 0.99), ("9", 0.995)]
        for (t, goal) in goals {
            let loso = try #require(figures.loso[t]), shipped = try #require(figures.default[t])
            #expect(loso.strokes == 80 && loso.unknown_strokes == 40, "five subjects, 16 known and 8 unknown each")
            #expect(loso.accuracy >= goal, "T=\(t) leave-one-subject-out \(loso)")
            #expect(shipped.accuracy >= goal, "T=\(t) with the command's defaults \(shipped)")
            #expect(loso.rejected >= 0.9 && shipped.rejected >= 0.9, "T=\(t) out of vocabulary \(loso) \(shipped)")
            #expect(shipped.wrong <= 0.02, "T=\(t) wrong labels \(shipped)")
        }
    }
}
