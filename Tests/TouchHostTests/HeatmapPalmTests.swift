import Firmware
import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// The host's heatmap path (`monitor --contacts-from heatmap`: `HeatmapContactFinder`, then the
/// product's `Pipeline`) judges palms as the controller does. The controller plays a resting palm
/// and a finger held beside it scan by scan in `both` mode with shaped reports on; its own contact
/// reports and the heatmaps it sent beside them go through two pipelines, and both must give the
/// same touches and palm statuses under either `--palms` policy. Played scan by scan, as
/// `HeatmapNoiseTests`: over a pty on a loaded machine the 6 KB heatmaps lose slices (`resync`)
/// and the host's touches split, which says nothing about palms.
@Suite struct HeatmapPalmTests {
    struct Case: Sendable, CustomStringConvertible {
        var board: String
        var seed: Int
        var palms: PalmPolicy
        var description: String { "\(board) seed=\(seed) --palms \(palms == .report ? "report" : "suppress")" }
    }

    static let cases: [Case] = BoardListing.names.flatMap { board in
        (1...3).flatMap { seed in [PalmPolicy.suppress, .report].map { Case(board: board, seed: seed, palms: $0) } }
    }

    /// What a pipeline made of one input: the touches that began (where, flagged or not) and the
    /// palm statuses (phase, where).
    struct Outcome {
        var fingers: [PanelPoint] = []
        var palmTouches: [PanelPoint] = []
        var palmStatuses: [(phase: StatusKind, position: PanelPoint)] = []
        var summary: String {
            "fingers \(fingers), palm touches \(palmTouches), palm statuses \(palmStatuses.map { "\($0.phase) \($0.position)" })"
        }

        mutating func take(_ event: HostEvent) {
            switch event {
            case .touch(let touch, _, _) where touch.phase == .began:
                if touch.isPalm { palmTouches.append(touch.position) } else { fingers.append(touch.position) }
            case .status(let status) where status.kind == .palmBegan || status.kind == .palmEnded:
                palmStatuses.append((status.kind, status.position))
            default: break
            }
        }
    }

    @Test(arguments: cases)
    func heatmapContactsGiveTheControllersPalmAndFinger(_ test: Case) throws {
        let board = try #require(BoardListing.board(named: test.board))
        let (_, fingerAt, palmAt) = PalmAndShapeEndToEndTests.palmScript(board: test.board)
        let size = test.board == "panel-7" ? "60 by 45" : "90 by 70"
        // Heatmaps come 3 to 10 times a second, too seldom for a tap: the finger holds.
        let script = """
            0ms     palm   at \(palmAt.x) \(palmAt.y) size \(size) for 3000ms
            600ms   hold   \(fingerAt.x) \(fingerAt.y) for 1500ms
            """
        var controller = TouchController(board: board, seed: UInt64(test.seed))
        controller.mode = .both
        // Shaped reports, as a session asks for them: a plain report leaves palms out altogether.
        var command = ByteBuffer()
        FrameEncoder.encode(CommandFrame(requestId: 1, command: .setContactShapes(true)), to: &command)
        for byte in command.bytes { controller.receive(byte) }
        let info = controller.deviceInfo
        let bytes = try controller.play(script, until: 4_000_000)

        var finder = try #require(HeatmapContactFinder(for: info))
        let panel = PanelSize(width: info.panelSize.x, height: info.panelSize.y)
        var fromReports = Outcome(), fromHeatmaps = Outcome()
        let reportPipeline = HostStack.pipeline(
            recognizers: .kiosk, tracker: info.trackerConfiguration().with(palms: test.palms), panel: panel
        ) { fromReports.take($0) }
        let heatmapPipeline = HostStack.pipeline(
            recognizers: .kiosk,
            tracker: info.trackerConfiguration(reportRateHz: finder.heatmapRate(reportRate: Int(info.reportRate))).with(palms: test.palms),
            panel: panel
        ) { fromHeatmaps.take($0) }
        var decoder = FrameDecoder()
        var heatmaps = 0
        for byte in bytes {
            switch decoder.push(byte) {
            case .device(.contacts(let report))?:
                reportPipeline.consume(report.contactFrame(on: info, at: Microseconds(report.timestamp)))
            case .device(.heatmap(let slice))?:
                if let frame = finder.add(slice, at: Microseconds(slice.timestamp)) {
                    heatmaps += 1
                    heatmapPipeline.consume(frame)
                }
            default: break
            }
        }
        reportPipeline.finish()
        heatmapPipeline.finish()
        #expect(heatmaps >= 9, "only \(heatmaps) heatmaps in 4 s")

        let both = "controller: \(fromReports.summary)\nheatmaps: \(fromHeatmaps.summary)"
        for outcome in [fromReports, fromHeatmaps] {
            #expect(outcome.fingers.count == 1, "\(both)")
            #expect(outcome.fingers.allSatisfy { $0.distance(to: fingerAt) <= 2 }, "\(both)")
            #expect(outcome.palmTouches.count == (test.palms == .report ? 1 : 0), "\(both)")
            #expect(outcome.palmStatuses.map(\.phase) == [.palmBegan, .palmEnded], "\(both)")
            #expect(outcome.palmStatuses.allSatisfy { $0.position.distance(to: palmAt) <= 8 }, "\(both)")
        }
        // The same palm in the same place: the finder runs the controller's own palm filter. A
        // palm is placed at its extent's centre, whole nodes that follow the plateau's noise: a
        // heatmap's scan and the controller's scan before it may differ by a node (3.6 mm seen on
        // kiosk-22), as the HIL palm scenario allows.
        if fromReports.palmStatuses.count == fromHeatmaps.palmStatuses.count {
            for (mine, theirs) in zip(fromHeatmaps.palmStatuses, fromReports.palmStatuses) {
                #expect(mine.position.distance(to: theirs.position) <= HILRun.palmPositionTolerance, "\(both)")
            }
        }
    }
}
