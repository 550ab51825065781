import Firmware
import TouchCore

/// Drives a controller scan by scan at its report rate, for tests that care about frames.
struct ControllerHarness {
    var controller: TouchController
    var time: Microseconds = 0
    var board: BoardDefinition { controller.board }
    var period: Microseconds { Microseconds(1_000_000 / controller.reportRate) }

    init(board: BoardDefinition, seed: UInt64 = 7) {
        controller = TouchController(board: board, seed: seed)
    }

    /// The centre of a node: a finger there gives that node the full finger amplitude.
    func nodeCentre(column: Int, row: Int) -> PanelPoint {
        PanelPoint(x: (Float(column) + 0.5) * board.nodePitchX, y: (Float(row) + 0.5) * board.nodePitchY)
    }

    mutating func down(_ finger: UInt8, _ p: PanelPoint) {
        controller.apply(FingerStimulus(finger: finger, action: .down, position: p))
    }

    mutating func move(_ finger: UInt8, _ p: PanelPoint) {
        controller.apply(FingerStimulus(finger: finger, action: .move, position: p))
    }

    mutating func up(_ finger: UInt8) {
        controller.apply(FingerStimulus(finger: finger, action: .up, position: .zero))
    }

    mutating func scan() -> [ScanContact] {
        time += period
        let result = controller.scan(at: time)
        return result.contacts.indices.map { result.contacts[$0] }
    }

    /// Scans `count` times and returns every contact reported, scan by scan.
    mutating func scans(_ count: Int) -> [[ScanContact]] {
        (0..<count).map { _ in scan() }
    }
}
