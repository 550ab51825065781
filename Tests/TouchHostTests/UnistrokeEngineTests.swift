import Foundation
import Testing
import TouchCore
import TouchHost

/// Every stroke of the $1 study replayed as `touchhost replay --format unistroke` replays it
/// (`ReplaySource.load`, `ReplayDriver`: the event-driven tracker and the whole kiosk engine,
/// arbitration included): checkmark and circle fire on their own strokes and almost never on the
/// others.
@Suite struct UnistrokeEngineTests {
    /// The kinds the kiosk engine recognized for each stroke, by gesture name.
    static let fired: [String: [Set<GestureKind>]] = {
        guard let corpus = UnistrokeCorpus.shared else { return [:] }
        var result: [String: [Set<GestureKind>]] = [:]
        for entry in corpus.entries {
            guard var source = try? ReplaySource.load(path: entry.url.path, format: .unistroke, options: ImportOptions()) else {
                Issue.record("\(entry.url.path) does not load")
                continue
            }
            source.items = source.items.map(shifted)
            var kinds = Set<GestureKind>()
            ReplayDriver.run(source, recognizers: .kiosk) { event in
                if case .gesture(let action) = event, action.state == .recognized || action.state == .began {
                    kinds.insert(action.kind)
                }
            }
            result[entry.log.gesture, default: []].append(kinds)
        }
        return result
    }()

    /// The study's pixels start near the screen's corner; moved 40 mm in, strokes begin where a
    /// kiosk user would draw rather than on the edge-pan bands.
    static func shifted(_ item: ReplayItem) -> ReplayItem {
        guard case .frame(var frame) = item else { return item }
        let offset = PanelPoint(x: 40, y: 40)
        for i in frame.contacts.indices { frame.contacts[i].position = frame.contacts[i].position + offset }
        return .frame(frame)
    }

    static func rates(of kind: GestureKind) -> [String: Double] {
        fired.mapValues { strokes in Double(strokes.filter { $0.contains(kind) }.count) / Double(strokes.count) }
    }

    @Test(SharedTestData.needs("unistroke"), arguments: [("check", GestureKind.checkmark), ("circle", .circle)])
    func theEngineRecognizesItsOwnStrokesAndRarelyAnyOther(target: String, kind: GestureKind) throws {
        guard UnistrokeCorpus.shared != nil else {
            print(SharedTestData.missingMessage("unistroke"))
            return
        }
        let rates = Self.rates(of: kind)
        #expect(rates.count == 16)
        let own = try #require(rates[target])
        #expect(own >= 0.95, "\(kind) recognized on \(percent(own)) of \(target) strokes")
        for (gesture, rate) in rates.sorted(by: { $0.key < $1.key }) where gesture != target {
            #expect(rate <= 0.02, "\(kind) fires on \(percent(rate)) of \(gesture)")
        }
        print("through the engine: \(kind) on \(percent(own)) of \(target); worst other: "
            + "\(rates.filter { $0.key != target }.max { $0.value < $1.value }.map { "\($0.key) \(percent($0.value))" } ?? "-")")
    }
}
