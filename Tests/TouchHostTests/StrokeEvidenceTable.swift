import Foundation
import Testing
import TouchCore
import TouchHost

/// Prints the per-class table of docs/strokes.md from the same measurements the tests assert.
/// It costs a minute of debug-build CPU (ten template libraries of 32), so it runs only when asked:
/// `STROKES_TABLE=1 swift test --skip-build --filter StrokeEvidenceTable`, or `scripts/strokes-table`.
@Suite struct StrokeEvidenceTable {
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["STROKES_TABLE"] != nil, "set STROKES_TABLE=1 to print the table"))
    func printThePerClassTable() throws {
        let corpus = try UnistrokeCorpus.require()
        let outcome = try #require(UnistrokeTemplateTests.outcome)
        let check = UnistrokeDetectionTests.checkRates
        let circle = UnistrokeDetectionTests.circleRates
        let backslash = UnistrokeDetectionTests.backslashRates
        let counts = Dictionary(grouping: corpus.entries, by: \.log.gesture).mapValues(\.count)
        var lines = [
            "| gesture | strokes | checkmark fires | circle fires | backslash (10 mm) fires | template accuracy | most frequent mistake |",
            "|---|---:|---:|---:|---:|---:|---|",
        ]
        for gesture in outcome.gestures {
            let row = outcome.confusion[gesture] ?? [:]
            let mistake = row.filter { $0.key != gesture }.max { ($0.value, $1.key) < ($1.value, $0.key) }
            let mistakeText = mistake.map { "\($0.key) (\($0.value))" } ?? "-"
            lines.append(
                "| \(gesture) | \(counts[gesture] ?? 0) | \(percent(check[gesture] ?? 0)) | \(percent(circle[gesture] ?? 0)) | \(percent(backslash[gesture] ?? 0)) | "
                    + "\(percent(outcome.accuracy(of: gesture))) | \(mistakeText) |")
        }
        lines.append("")
        lines.append("Templates from \(UnistrokeTemplateTests.templateSubject) medium #1, judged on the other subjects: "
            + "\(percent(outcome.overall)) of \(outcome.total) strokes.")
        lines.append("")
        lines.append("| template subject (medium #1) | other subjects (user-independent) | own other strokes (user-dependent) |")
        lines.append("|---|---:|---:|")
        for (subject, independent) in UnistrokeTemplateTests.userIndependent {
            let dependent = UnistrokeTemplateTests.userDependent.first { $0.0 == subject }?.1
            lines.append("| \(subject) | \(percent(independent.overall)) | \(dependent.map { percent($0.overall) } ?? "-") |")
        }
        lines.append("")
        lines.append("| template subjects (medium #1, 2 per gesture) | the other subjects |")
        lines.append("|---|---:|")
        for (pair, result) in UnistrokeTemplateTests.pairs {
            lines.append("| \(pair.joined(separator: " + ")) | \(percent(result.overall)) |")
        }
        lines.append("")
        lines.append("| subject | checkmark on checks | checkmark on others | circle on circles | circle on others |")
        lines.append("|---|---:|---:|---:|---:|")
        for subject in Set(corpus.entries.map(\.subject)).sorted() {
            var hits = [String: (own: Int, ownTotal: Int, other: Int, otherTotal: Int)]()
            for entry in corpus.entries where entry.subject == subject {
                let stroke = entry.log.strokeBuffer()
                for (target, fired) in [("check", CheckmarkAnalyzer().analyze(stroke) != nil), ("circle", CircleAnalyzer().analyze(stroke) != nil)] {
                    var h = hits[target] ?? (0, 0, 0, 0)
                    if entry.log.gesture == target {
                        h.own += fired ? 1 : 0
                        h.ownTotal += 1
                    } else {
                        h.other += fired ? 1 : 0
                        h.otherTotal += 1
                    }
                    hits[target] = h
                }
            }
            func rate(_ n: Int, _ d: Int) -> String { percent(Double(n) / Double(max(d, 1))) }
            let c = hits["check"]!, o = hits["circle"]!
            lines.append("| \(subject) | \(rate(c.own, c.ownTotal)) | \(rate(c.other, c.otherTotal)) | \(rate(o.own, o.ownTotal)) | \(rate(o.other, o.otherTotal)) |")
        }
        lines.append("")
        lines.append("| threshold (shipped; rule's choice on all five) | held out | tuned on the other four | held-out recall | held-out others it fires on | class most hit |")
        lines.append("|---|---|---:|---:|---:|---|")
        for tuned in HeldOutSubjectTests.tuned {
            let all = String(format: "%.3f", HeldOutSubjectTests.chosenOnAll(tuned, corpus: corpus))
            for fold in HeldOutSubjectTests.folds(tuned, corpus: corpus) {
                lines.append("| \(tuned.name) (\(String(format: "%.3f", tuned.shipped)); \(all)) | \(fold.heldOut) | \(String(format: "%.3f", fold.threshold)) "
                    + "| \(percent(fold.recall)) | \(percent(fold.falsePositives)) | \(fold.worstClass.rate > 0 ? "\(fold.worstClass.name) \(percent(fold.worstClass.rate))" : "-") |")
            }
        }
        print("BEGIN STROKE TABLE\n" + lines.joined(separator: "\n") + "\nEND STROKE TABLE")
        #expect(lines.count > outcome.gestures.count + 7 + UnistrokeTemplateTests.userIndependent.count)
    }
}
