import Foundation
import Testing
import TouchCore
import TouchHost

/// Checkmark and circle detection on the real strokes of the $1 study: every file, per class.
@Suite struct UnistrokeDetectionTests {
    static let corpus = UnistrokeCorpus.shared

    static func rates(_ analyze: (StrokeBuffer) -> Bool) -> [String: Double] {
        corpus?.rates { analyze($0.log.strokeBuffer()) } ?? [:]
    }

    static let checkRates = rates { CheckmarkAnalyzer().analyze($0) != nil }
    static let circleRates = rates { CircleAnalyzer().analyze($0) != nil }
    /// None of the study's gestures is a single straight line, so a backslash should almost never fire.
    static let backslashRates = rates { BackslashAnalyzer(minimumLength: 10).analyze($0) != nil }

    @Test(arguments: [("check", checkRates), ("circle", circleRates)] as [(String, [String: Double])])
    func theAnalyzerFindsItsOwnClassAndRarelyAnyOther(target: String, rates: [String: Double]) throws {
        _ = try UnistrokeCorpus.require()
        let own = try #require(rates[target])
        #expect(own >= 0.97, "\(target) recognized in \(percent(own)) of its strokes")
        #expect(rates.count == 16)
        let others = rates.filter { $0.key != target }
        #expect(others.values.reduce(0, +) / Double(others.count) <= 0.01, "\(target) fires on more than 1% of other strokes")
        for (gesture, rate) in others {
            #expect(rate <= drawnAlike(target, gesture), "\(target) fires on \(percent(rate)) of \(gesture)")
        }
    }

    @Test func aBackslashIsNotFoundInCurvedOrBentGestures() throws {
        _ = try UnistrokeCorpus.require()
        #expect(Self.backslashRates.count == 16)
        for (gesture, rate) in Self.backslashRates {
            #expect(rate <= 0.02, "backslash fires on \(percent(rate)) of \(gesture)")
        }
    }

    @Test func theCheckmarkVertexIsTheStrokesLowestPoint() throws {
        let corpus = try UnistrokeCorpus.require()
        for entry in corpus.entries where entry.log.gesture == "check" {
            guard let check = CheckmarkAnalyzer().analyze(entry.log.strokeBuffer()) else { continue }
            let lowest = entry.log.samples.map(\.position.y).max()!
            #expect(check.vertex.y == lowest, "\(entry.url.lastPathComponent)")
        }
    }

    @Test func circleCentresLieInsideTheStrokesBounds() throws {
        let corpus = try UnistrokeCorpus.require()
        for entry in corpus.entries where entry.log.gesture == "circle" {
            guard let circle = CircleAnalyzer().analyze(entry.log.strokeBuffer()) else { continue }
            let xs = entry.log.samples.map(\.position.x), ys = entry.log.samples.map(\.position.y)
            #expect(circle.center.x > xs.min()! && circle.center.x < xs.max()!)
            #expect(circle.center.y > ys.min()! && circle.center.y < ys.max()!)
            let halfWidth = (xs.max()! - xs.min()!) / 2
            #expect(circle.radius > halfWidth * 0.6 && circle.radius < halfWidth * 1.4)
        }
    }
}

/// The most a shape may fire on one other class: 2%, but a `v` whose down stroke is two thirds
/// of its up stroke is a checkmark by the seed's rule, and one subject (s02) draws v that way.
func drawnAlike(_ target: String, _ other: String) -> Double { target == "check" && other == "v" ? 0.1 : 0.02 }

func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
