import Foundation
import Testing
import TouchCore
import TouchHost

/// Templates, one example per gesture (a subject's medium-speed stroke #1), judged on other
/// people's strokes (user-independent, the brief's test) and on the same person's other strokes
/// (user-dependent, the $1 paper's setting: 97% with one template).
@Suite struct UnistrokeTemplateTests {
    static let templateSubject = "s02"

    struct Outcome: Sendable {
        var gestures: [String]
        /// gesture -> (recognized as -> count)
        var confusion: [String: [String: Int]]

        func accuracy(of gesture: String) -> Double {
            let row = confusion[gesture] ?? [:]
            return Double(row[gesture] ?? 0) / Double(max(1, row.values.reduce(0, +)))
        }

        var total: Int { confusion.values.flatMap(\.values).reduce(0, +) }

        var overall: Double {
            let right = gestures.map { confusion[$0]?[$0] ?? 0 }.reduce(0, +)
            return Double(right) / Double(max(1, total))
        }
    }

    static func isTemplate(_ entry: UnistrokeCorpus.Entry, of subjects: [String]) -> Bool {
        subjects.contains(entry.subject) && entry.speed == "medium" && entry.number == 1
    }

    /// Templates from `subjects`' medium #1 of each gesture, tested on the strokes `judged` selects.
    static func evaluate(templatesFrom subject: String, judging judged: (UnistrokeCorpus.Entry) -> Bool) -> Outcome? {
        evaluate(templatesFrom: [subject], judging: judged)
    }

    static func evaluate(templatesFrom subjects: [String], judging judged: (UnistrokeCorpus.Entry) -> Bool) -> Outcome? {
        guard let corpus = UnistrokeCorpus.shared else { return nil }
        let gestures = corpus.gestures
        var library = TemplateLibrary()
        for (label, gesture) in gestures.enumerated() {
            for example in corpus.entries where example.log.gesture == gesture && isTemplate(example, of: subjects) {
                library.register(example.log.strokeBuffer(), label: UInt8(label))
            }
        }
        var confusion: [String: [String: Int]] = [:]
        for entry in corpus.entries where judged(entry) && !isTemplate(entry, of: subjects) {
            let match = library.recognize(entry.log.strokeBuffer())
            let answer = match.map { gestures[Int($0.label)] } ?? "none"
            confusion[entry.log.gesture, default: [:]][answer, default: 0] += 1
        }
        return Outcome(gestures: gestures, confusion: confusion)
    }

    static let subjects = UnistrokeCorpus.shared.map { Array(Set($0.entries.map(\.subject))).sorted() } ?? []

    static let outcome = evaluate(templatesFrom: templateSubject) { $0.subject != templateSubject }
    static let userIndependent: [(String, Outcome)] = subjects.compactMap { s in
        evaluate(templatesFrom: s) { $0.subject != s }.map { (s, $0) }
    }
    static let userDependent: [(String, Outcome)] = subjects.compactMap { s in
        evaluate(templatesFrom: s) { $0.subject == s }.map { (s, $0) }
    }

    /// Two people's examples per gesture (32 templates, the library's capacity), judged on the rest.
    static let pairs: [([String], Outcome)] = subjects.indices.flatMap { i in
        subjects.indices.filter { $0 > i }.compactMap { j -> ([String], Outcome)? in
            let pair = [subjects[i], subjects[j]]
            return evaluate(templatesFrom: pair) { !pair.contains($0.subject) }.map { (pair, $0) }
        }
    }

    /// The share of strokes classified right over several outcomes, each weighed by its stroke count.
    static func pooled(_ outcomes: [Outcome]) -> Double {
        let right = outcomes.map { $0.overall * Double($0.total) }.reduce(0, +)
        return right / Double(max(1, outcomes.map(\.total).reduce(0, +)))
    }

    /// The brief's requirement: one example per gesture from one person classifies other people's
    /// strokes at least 95% right. Every subject takes a turn as the template person, so the figure
    /// is not one lucky choice; plain $1 reached 85-93% (89.6% on average) here.
    @Test func oneTemplatePerGestureFromAnySubjectClassifiesTheOtherSubjects() throws {
        _ = try UnistrokeCorpus.require()
        let outcome = try #require(Self.outcome)
        #expect(outcome.gestures.count == 16)
        #expect(Self.userIndependent.count == Self.subjects.count)
        // Every template person's figure is over the same 1920 strokes, so pooling is the plain mean.
        let mean = Self.pooled(Self.userIndependent.map(\.1))
        #expect(mean >= 0.95, "mean user-independent accuracy \(percent(mean))")
        for (subject, outcome) in Self.userIndependent {
            #expect(outcome.overall >= 0.90, "templates from \(subject): \(percent(outcome.overall))")
        }
    }

    @Test func oneTemplatePerGestureClassifiesTheSamePersonsOtherStrokesAsThePaperReports() throws {
        _ = try UnistrokeCorpus.require()
        #expect(!Self.userDependent.isEmpty)
        let mean = Self.pooled(Self.userDependent.map(\.1))
        #expect(mean >= 0.95, "mean user-dependent accuracy \(percent(mean))")
        for (subject, outcome) in Self.userDependent {
            #expect(outcome.overall >= 0.90, "\(subject): \(percent(outcome.overall))")
        }
    }
}
