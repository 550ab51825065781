import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Each $1 check, circle, v and rectangle stroke through `touchhost replay --recognizers
/// checkmark,circle` (importer, tracker, engine) gets the same answer as its raw samples given to
/// the analyzers: nothing on the way changes a decision or its values.
@Suite struct UnistrokeReplayTests {
    @Test func aReplayGivesTheSameCheckmarkAndCircleAnswersAsTheRawStroke() throws {
        let corpus = try UnistrokeCorpus.require()
        let selection = try RecognizerSelection.parse("checkmark,circle")
        var checked = 0
        for entry in corpus.entries where ["check", "circle", "v", "rectangle"].contains(entry.log.gesture) {
            let name = entry.url.lastPathComponent
            let replay = try ProductReplay(entry.url.path, format: .unistroke, recognizers: selection)
            #expect(replay.touches(.began).count == 1, "\(name) replays as one touch")
            let recognized = replay.gestures.filter { $0.event.state == .recognized }
            let raw = entry.log.strokeBuffer()
            let check = recognized.first { $0.name == "checkmark" }?.event
            let circle = recognized.first { $0.name == "circle" }?.event
            let rawCheck = CheckmarkAnalyzer().analyze(raw)
            let rawCircle = CircleAnalyzer().analyze(raw)
            #expect((check != nil) == (rawCheck != nil), "\(name): checkmark")
            #expect((circle != nil) == (rawCircle != nil), "\(name): circle")
            if let check, let rawCheck { #expect(check.values.vertex == rawCheck.vertex, "\(name)") }
            if let circle, let rawCircle {
                #expect(circle.values.center == rawCircle.center && circle.values.radius == rawCircle.radius, "\(name)")
            }
            checked += 1
        }
        #expect(checked == 600)
    }
}
