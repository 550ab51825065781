import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Every stroke of the $1 study through `touchhost replay --format unistroke`'s path (importer,
/// tracker and the whole kiosk engine, arbitration included): checkmark and circle fire on their
/// own strokes and almost never on the others.
@Suite struct UnistrokeEngineTests {
    /// The kinds the kiosk set began or recognized for each stroke, by gesture name.
    static let fired: [String: [Set<GestureKind>]] = {
        guard let corpus = UnistrokeCorpus.shared else { return [:] }
        var result: [String: [Set<GestureKind>]] = [:]
        for entry in corpus.entries {
            guard let replay = try? ProductReplay(entry.url.path, format: .unistroke, adjust: shifted) else { continue }
            let kinds = Set(replay.gestures.filter { $0.event.state == .recognized || $0.event.state == .began }.map(\.event.kind))
            result[entry.log.gesture, default: []].append(kinds)
        }
        return result
    }()

    /// The study's pixels start near the screen's corner; moved 40 mm in, strokes begin where a
    /// kiosk user would draw rather than on the edge-pan bands (the default 345 x 194 mm panel).
    static func shifted(_ source: inout ReplaySource) {
        let offset = PanelPoint(x: 40, y: 40)
        source.items = source.items.map { item in
            guard case .frame(var frame) = item else { return item }
            for i in frame.contacts.indices { frame.contacts[i].position = frame.contacts[i].position + offset }
            return .frame(frame)
        }
    }

    static func rates(of kind: GestureKind) -> [String: Double] {
        fired.mapValues { strokes in Double(strokes.filter { $0.contains(kind) }.count) / Double(strokes.count) }
    }

    @Test(arguments: [("check", GestureKind.checkmark), ("circle", .circle)])
    func theEngineRecognizesItsOwnStrokesAndRarelyAnyOther(target: String, kind: GestureKind) throws {
        let corpus = try UnistrokeCorpus.require()
        #expect(Self.fired.values.map(\.count).reduce(0, +) == corpus.entries.count)
        let rates = Self.rates(of: kind)
        #expect(rates.count == 16)
        let own = try #require(rates[target])
        #expect(own >= 0.97, "\(kind) recognized on \(percent(own)) of \(target) strokes")
        let others = rates.filter { $0.key != target }
        #expect(others.values.reduce(0, +) / Double(others.count) <= 0.01, "\(kind) fires on more than 1% of other strokes")
        for (gesture, rate) in others.sorted(by: { $0.key < $1.key }) {
            #expect(rate <= drawnAlike(target, gesture), "\(kind) fires on \(percent(rate)) of \(gesture)")
        }
        print("through the engine: \(kind) on \(percent(own)) of \(target); worst other: "
            + "\(rates.filter { $0.key != target }.max { $0.value < $1.value }.map { "\($0.key) \(percent($0.value))" } ?? "-")")
    }
}
