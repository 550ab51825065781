import Foundation
import SharedDataSupport
import Testing
import TouchCore
@testable import TouchHost

/// Real $1 stroke logs (Tests/Data/unistroke) through `replay`'s whole path: importer, tracker,
/// recognizers. The evemu recordings have suites of their own (EvemuRecordingTests).
@Suite struct ReplayRecordingsTests {
    /// One subject's medium-speed strokes: all sixteen gestures, ten each.
    static let strokeLogs = SharedTestData.cases(in: "unistroke/s02/medium", extensions: ["xml"])

    @Test func theStrokeLogsAreThere() throws {
        #expect(try SharedTestData.files(in: "unistroke/s02/medium", extensions: ["xml"]).count == 160)
    }

    @Test(arguments: strokeLogs)
    func everyStrokeLogIsOneTouchThatEnds(_ file: DataFile) throws {
        let replay = try ProductReplay(try file.url().path)
        replay.checkLifecycles(file.name)
        #expect(replay.touches(.began).count == 1, "\(file.name)")
        #expect(replay.touches(.ended).count == 1, "\(file.name)")
    }
}
