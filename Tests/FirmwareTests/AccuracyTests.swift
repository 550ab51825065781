import Boards
import Firmware
import Testing
import TouchCore

@Suite struct AccuracyTests {
    static let cases: [(BoardDefinition, FingerPath)] = catalogBoards.flatMap { board in FingerPath.all.map { (board, $0) } }

    @Test(arguments: cases)
    func reportedPositionsStayWithinHalfAMillimetreRms(board: BoardDefinition, path: FingerPath) {
        let samples = PathPlayer.play(path, on: board)
        let expectedScans = Int(path.duration * Float(board.reportRate))
        // Debounce costs the first scan; every other scan must report the finger.
        #expect(samples.count >= expectedScans - 1)
        let rms = Statistics.rmsError(samples)
        print("\(board.name) \(path.name): rms \(rms) mm over \(samples.count)")
        #expect(rms <= 0.5, "RMS error \(rms) mm")
    }

    @Test(arguments: catalogBoards)
    func aStationaryFingerJittersLessThanAQuarterMillimetre(board: BoardDefinition) {
        for path in FingerPath.all where path.name == "centre" || path.name == "between four nodes" || path.name.contains("corner") {
            let points = PathPlayer.play(path, on: board).map(\.reported)
            let jitter = Statistics.jitter(points)
            print("\(board.name) \(path.name): jitter \(jitter) mm")
            #expect(jitter <= 0.25, "\(path.name): jitter \(jitter) mm")
        }
    }
}
