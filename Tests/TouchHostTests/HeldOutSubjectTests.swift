import Foundation
import Testing
import TouchCore
import TouchHost

/// Leave-one-subject-out over the $1 study: each threshold the stroke analyzers were tuned with is
/// chosen on four subjects by `HeldOutTuning` and judged on the fifth, which it never saw, with
/// the analyzer's other settings as shipped (`StrokeEvidenceTable` prints the folds for
/// docs/strokes.md).
@Suite struct HeldOutSubjectTests {
    /// A tuned threshold: a stroke of `target` passes when its measure is at most the threshold;
    /// `floor` is what the contract needs whatever the data say (the seed's checkmark with a down
    /// stroke two thirds of its up stroke; an octagon's 45-degree corners).
    struct Tuned: Sendable, CustomTestStringConvertible {
        var name: String
        var target: String
        var floor: Float
        var shipped: Float
        /// The measure of a stroke that passes every test but this one; nil when another fails it.
        var measure: @Sendable (StrokeBuffer) -> Float?
        /// The analyzer with this threshold set, everything else shipped.
        var fires: @Sendable (StrokeBuffer, Float) -> Bool
        var testDescription: String { name }
    }

    static let tuned: [Tuned] = [
        Tuned(
            name: "checkmark maximumDepthToRise", target: "check", floor: 0.7, shipped: CheckmarkAnalyzer().maximumDepthToRise,
            measure: { CheckmarkAnalyzer().measure($0)?.depthToRise },
            fires: { stroke, t in
                var a = CheckmarkAnalyzer()
                a.maximumDepthToRise = t
                return a.analyze(stroke) != nil
            }),
        circle("maximumCorner", floor: 50 * .pi / 180, \.maximumCorner, \.corner),
        circle("maximumThreeCornerHarmonic", floor: 0, \.maximumThreeCornerHarmonic, \.threeCornerHarmonic),
        circle("maximumFourCornerHarmonic", floor: 0, \.maximumFourCornerHarmonic, \.fourCornerHarmonic),
    ]

    /// One circle threshold, tuned with the others at their shipped values: its measure counts for
    /// the strokes that pass every other test.
    static func circle(
        _ name: String, floor: Float, _ setting: WritableKeyPath<CircleAnalyzer, Float> & Sendable,
        _ value: KeyPath<CircleAnalyzer.Measures, Float> & Sendable
    ) -> Tuned {
        Tuned(
            name: "circle " + name, target: "circle", floor: floor, shipped: CircleAnalyzer()[keyPath: setting],
            measure: { stroke in
                var others = CircleAnalyzer()
                others[keyPath: setting] = .infinity
                guard let m = others.measure(stroke), others.accepts(m) else { return nil }
                return m[keyPath: value]
            },
            fires: { stroke, t in
                var a = CircleAnalyzer()
                a[keyPath: setting] = t
                return a.analyze(stroke) != nil
            })
    }

    struct Fold {
        var heldOut: String
        var threshold: Float
        var recall: Double
        var falsePositives: Double
        /// Over the classes nobody draws like the target (`drawnAlike`: a `v` may be a checkmark).
        var falsePositivesOfUnlikeClasses: Double
        var falseHits: Int
        var others: Int
        var worstClass: (name: String, rate: Double)
    }

    static func folds(_ tuned: Tuned, corpus: UnistrokeCorpus) -> [Fold] {
        let strokes = corpus.entries.map { (entry: $0, stroke: $0.log.strokeBuffer()) }
        let measures = strokes.map { tuned.measure($0.stroke) }
        let subjects = Set(corpus.entries.map(\.subject)).sorted()
        return subjects.map { heldOut in
            var target: [Float] = [], others: [Float] = [], misses = 0
            for (i, s) in strokes.enumerated() where s.entry.subject != heldOut {
                guard let m = measures[i] else {
                    if s.entry.log.gesture == tuned.target { misses += 1 }
                    continue
                }
                if s.entry.log.gesture == tuned.target { target.append(m) } else { others.append(m) }
            }
            let t = max(tuned.floor, HeldOutTuning.threshold(target: target, others: others))
            var hits = 0, count = 0, falseHits = 0, otherCount = 0
            var perClass: [String: (Int, Int)] = [:]
            for s in strokes where s.entry.subject == heldOut {
                let fires = tuned.fires(s.stroke, t)
                if s.entry.log.gesture == tuned.target {
                    count += 1
                    hits += fires ? 1 : 0
                } else {
                    otherCount += 1
                    falseHits += fires ? 1 : 0
                    let (h, n) = perClass[s.entry.log.gesture] ?? (0, 0)
                    perClass[s.entry.log.gesture] = (h + (fires ? 1 : 0), n + 1)
                }
            }
            let unlike = perClass.filter { drawnAlike(tuned.target, $0.key) <= 0.02 }.values
            let unlikeHits = unlike.map(\.0).reduce(0, +), unlikeCount = unlike.map(\.1).reduce(0, +)
            let worst = perClass.map { ($0.key, Double($0.value.0) / Double($0.value.1)) }.max { $0.1 < $1.1 } ?? ("-", 0)
            return Fold(
                heldOut: heldOut, threshold: t, recall: Double(hits) / Double(max(count, 1)),
                falsePositives: Double(falseHits) / Double(max(otherCount, 1)),
                falsePositivesOfUnlikeClasses: Double(unlikeHits) / Double(max(unlikeCount, 1)),
                falseHits: falseHits, others: otherCount, worstClass: worst)
        }
    }

    @Test(arguments: tuned)
    func aThresholdTunedOnFourSubjectsHoldsOnTheFifth(_ tuned: Tuned) throws {
        let corpus = try UnistrokeCorpus.require()
        let folds = Self.folds(tuned, corpus: corpus)
        #expect(folds.count >= 2, "leave-one-subject-out needs two subjects or more")
        for fold in folds {
            #expect(fold.recall >= 0.97, "\(tuned.name) \(fold.threshold) tuned without \(fold.heldOut): recall \(percent(fold.recall))")
            #expect(
                fold.falsePositivesOfUnlikeClasses <= 0.01,
                "\(tuned.name) \(fold.threshold) tuned without \(fold.heldOut): fires on \(percent(fold.falsePositivesOfUnlikeClasses)) of other strokes")
        }
        let pooled = Double(folds.map(\.falseHits).reduce(0, +)) / Double(max(folds.map(\.others).reduce(0, +), 1))
        #expect(pooled <= 0.01, "\(tuned.name): fires on \(percent(pooled)) of the held-out subjects' other strokes")
    }
}
