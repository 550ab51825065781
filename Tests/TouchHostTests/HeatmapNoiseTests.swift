import Firmware
import Testing
import TouchCore
@testable import TouchHost

/// The host's heatmap path (`monitor --contacts-from heatmap`) under the controller's noise bursts:
/// `HeatmapContactFinder` runs the firmware's noise gate on the heatmaps it receives, so the bursts
/// that reach it add no contact there either. Played scan by scan, so the result does not depend on
/// how busy the machine is.
@Suite struct HeatmapNoiseTests {
    /// Heatmaps come every 12th to 30th scan (3 to 10 a second), too seldom to see a 60 ms tap:
    /// holds and a slow drag, each long enough for several heatmaps.
    static let script = """
        0ms     hold   40 30 for 1500ms
        1800ms  drag   from 20 60 to 120 60 in 2000ms
        4000ms  hold   130 25 for 1500ms
        """
    static let scriptedTouches = 3

    struct Case: Sendable, CustomStringConvertible {
        var board: String
        var noise: UInt16
        var seed: Int
        var description: String { "\(board) noise=\(noise) seed=\(seed)" }
    }

    static let cases: [Case] = BoardListing.names.flatMap { board in
        [UInt16(10), 50].flatMap { noise in (1...3).map { Case(board: board, noise: noise, seed: $0) } }
    }

    @Test(arguments: cases)
    func noiseBurstsAddNoContactFoundInHeatmaps(_ test: Case) throws {
        let board = try #require(BoardListing.board(named: test.board))
        var controller = TouchController(board: board, seed: UInt64(test.seed))
        controller.mode = .heatmap
        controller.noiseBursts.configure(seed: UInt32(test.seed), rate: test.noise)
        let bytes = try controller.play(Self.script, until: 6_000_000)

        var decoder = FrameDecoder()
        var finder = try #require(HeatmapContactFinder(for: controller.deviceInfo))
        var downs: [PanelPoint] = []
        var ups = 0
        for byte in bytes {
            guard case .device(.heatmap(let slice))? = decoder.push(byte),
                let frame = finder.add(slice, at: Microseconds(slice.timestamp))
            else { continue }
            for i in frame.contacts.indices {
                if frame.contacts[i].state == .down { downs.append(frame.contacts[i].position) }
                if frame.contacts[i].state == .up { ups += 1 }
            }
        }
        #expect(controller.pipeline.noiseGate.noisyScans > 0, "no burst came")
        #expect(downs.count == Self.scriptedTouches, "contacts began at \(downs)")
        #expect(ups == downs.count)
    }
}
