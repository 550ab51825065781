import Foundation
import Testing
import TouchCore
import TouchHost

/// The importer's frames through the tracker and the first-finger follower reach the analyzers
/// with the same answers as the raw samples: nothing on the way changes a decision.
@Suite struct UnistrokeReplayTests {
    @Test(SharedTestData.needs("unistroke")) func trackedReplayGivesTheSameCheckmarkAndCircleAnswersAsTheRawStroke() throws {
        guard let corpus = UnistrokeCorpus.shared else {
            print(SharedTestData.missingMessage("unistroke"))
            return
        }
        var checks = 0
        for entry in corpus.entries where ["check", "circle", "v", "rectangle"].contains(entry.log.gesture) {
            var follower = FirstTouchFollower()
            var check = StrokeSession(CheckmarkAnalyzer())
            var circle = StrokeSession(CircleAnalyzer())
            var checkAnswer: CheckmarkAnalyzer.Result?
            var circleAnswer: CircleAnalyzer.Result?
            var strokes = 0
            for frame in TrackerReplay.touchFrames(entry.log.contactFrames()) {
                switch follower.step(frame) {
                case .began(let sample):
                    strokes += 1
                    check.begin(sample)
                    circle.begin(sample)
                case .moved(let sample):
                    check.move(sample)
                    circle.move(sample)
                case .ended(let sample):
                    checkAnswer = check.end(sample)
                    circleAnswer = circle.end(sample)
                case .cancelled:
                    check.cancel()
                    circle.cancel()
                case nil:
                    break
                }
            }
            let name = entry.url.lastPathComponent
            #expect(strokes == 1, "\(name) replays as one touch")
            let raw = entry.log.strokeBuffer()
            #expect(checkAnswer == CheckmarkAnalyzer().analyze(raw), "\(name)")
            #expect(circleAnswer == CircleAnalyzer().analyze(raw), "\(name)")
            checks += 1
        }
        #expect(checks == 600)
    }
}
