import Testing
import TouchCore
import Firmware
@testable import TouchHost

/// The host finding contacts in a controller's raw heatmaps with the firmware's own stages: the
/// same script gives the same contacts either way.
@Suite struct HeatmapContactTests {
    static let script = """
        0ms     drag   from 60 60 to 200 120 in 1800ms
        100ms   hold   280 150 for 1500ms
        2000ms  hold   120 160 for 400ms
        """

    @Test func contactsFoundInHeatmapsMatchTheControllersOwn() throws {
        let board = try #require(BoardListing.board(named: BoardListing.defaultName))
        var controller = TouchController(board: board, seed: 1)
        controller.mode = .both
        let bytes = try controller.play(Self.script, until: 2_700_000)

        var decoder = FrameDecoder()
        var finder = try #require(HeatmapContactFinder(for: controller.deviceInfo))
        var reports: [UInt16: ContactFrame] = [:]
        var found: [(sequence: UInt16, frame: ContactFrame)] = []
        for byte in bytes {
            guard case .device(let message)? = decoder.push(byte) else { continue }
            switch message {
            case .contacts(let report):
                reports[report.sequence] = report.contactFrame(on: controller.deviceInfo, at: Microseconds(report.timestamp))
            case .heatmap(let slice):
                if let frame = finder.add(slice, at: Microseconds(slice.timestamp)) { found.append((slice.sequence, frame)) }
            default: break
            }
        }
        #expect(finder.incompleteScans == 0)
        let withContacts = found.filter { !$0.frame.contacts.isEmpty }
        #expect(withContacts.count >= 15, "only \(withContacts.count) heatmaps had contacts")
        // Heatmaps come every few scans, so the firmware's debounce confirms a new contact a
        // heatmap or so later on the host: counts may lag by one, but rarely.
        var lagging = 0
        for (sequence, frame) in withContacts {
            let own = try #require(reports[sequence], "no report for scan \(sequence)")
            let down = { (f: ContactFrame) in f.contacts.indices.filter { f.contacts[$0].state != .up }.map { f.contacts[$0].position } }
            let hostDown = down(frame), controllerDown = down(own)
            #expect(hostDown.count <= controllerDown.count && hostDown.count + 1 >= controllerDown.count,
                    "scan \(sequence): host \(hostDown), controller \(controllerDown)")
            if hostDown.count != controllerDown.count { lagging += 1 }
            for point in hostDown {
                let nearest = controllerDown.map { $0.distance(to: point) }.min() ?? .infinity
                #expect(nearest <= 0.5, "scan \(sequence): host contact \(point) is \(nearest) mm from the controller's")
            }
        }
        #expect(lagging * 5 <= withContacts.count, "\(lagging) of \(withContacts.count) heatmaps lagged the controller")
    }
}
