import Boards
import Firmware
import TouchCore

/// One controller for every check, built in place in .bss: it is far larger than the stack, so it
/// is reset between checks rather than rebuilt, and only ever passed inout.
nonisolated(unsafe) var selfTestController = TouchController(board: Boards.kiosk15, seed: 0x5EED)

/// The cost measurement's own grid and pipeline, so the front end and the pipeline are timed apart.
nonisolated(unsafe) var costGrid = CountGrid(columns: Boards.kiosk15.columns, rows: Boards.kiosk15.rows)
nonisolated(unsafe) var costPipeline = ScanPipeline(board: Boards.kiosk15)

/// The scan pipeline on the MCU with built-in stimuli: fingers at known positions must come back
/// within 1 mm, lifts must be reported, and ten fingers at once must all be tracked.
struct ScanChecks {
    static let tolerance: Float = 1.0
    private(set) var failures = 0
    private var time: Microseconds = 0

    mutating func run(_ console: inout SemihostConsole) {
        let board = selfTestController.board
        console.append("scan: board ")
        console.append(board.name)
        console.append(", ")
        console.append(board.columns)
        console.append(" x ")
        console.append(board.rows)
        console.append(" nodes")
        console.flush()

        // On a node, between nodes, near a corner, near the far edge.
        let singles: InlineArray<4, PanelPoint> = [
            PanelPoint(x: 100, y: 60), PanelPoint(x: 172.3, y: 97.1),
            PanelPoint(x: 12.5, y: 11.0), PanelPoint(x: 331.8, y: 180.4),
        ]
        for i in singles.indices { checkSingleFinger(at: singles[i], &console) }
        checkTenFingers(&console)
    }

    mutating func restart() {
        selfTestController.apply(FingerStimulus(finger: 0, action: .liftAll, position: .zero))
        selfTestController.reset()
        _ = scans(4)  // the reset recalibrates on the empty panel
    }

    /// Runs `count` scheduled scans and returns the last one.
    private mutating func scans(_ count: Int) -> ScanResult {
        var last = ScanResult(timestamp: time, sequence: 0)
        for _ in 0..<count {
            time = selfTestController.nextScanTime
            last = selfTestController.scan(at: time)
        }
        return last
    }

    private mutating func checkSingleFinger(at point: PanelPoint, _ console: inout SemihostConsole) {
        restart()
        selfTestController.apply(FingerStimulus(finger: 1, action: .down, position: point))
        let touched = scans(6)
        guard touched.contacts.count == 1 else {
            fail("one finger gave contacts: ", touched.contacts.count, &console)
            return
        }
        report(touched.contacts[0], expected: point, &console)
        selfTestController.apply(FingerStimulus(finger: 1, action: .up, position: point))
        var sawUp = false
        for _ in 0..<4 {
            let result = scans(1)
            for i in result.contacts.indices where result.contacts[i].state == .up { sawUp = true }
        }
        if !sawUp { fail("lift not reported, contacts left: ", selfTestController.pipeline.liveContacts, &console) }
        if selfTestController.pipeline.liveContacts != 0 {
            fail("contacts after lift: ", selfTestController.pipeline.liveContacts, &console)
        }
    }

    private mutating func checkTenFingers(_ console: inout SemihostConsole) {
        restart()
        let points = Self.tenFingers()
        for i in points.indices {
            selfTestController.apply(FingerStimulus(finger: UInt8(truncatingIfNeeded: i + 1), action: .down, position: points[i]))
        }
        let result = scans(6)
        guard result.contacts.count == points.count else {
            fail("ten fingers gave contacts: ", result.contacts.count, &console)
            return
        }
        for i in points.indices {
            // Each finger's contact is the nearest one; every one must be within tolerance.
            var best = 0
            var bestDistance: Float = .greatestFiniteMagnitude
            for j in result.contacts.indices {
                let d = distance(result.contacts[j], points[i])
                if d < bestDistance {
                    bestDistance = d
                    best = j
                }
            }
            report(result.contacts[best], expected: points[i], &console)
        }
    }

    /// Two rows of five fingers, spread like two hands on the panel.
    static func tenFingers() -> InlineArray<10, PanelPoint> {
        var points = InlineArray<10, PanelPoint>(repeating: .zero)
        for i in 0..<10 {
            let column = Float(i % 5), row = Float(i / 5)
            points[i] = PanelPoint(x: 60 + column * 52.3 + row * 7.1, y: 55 + row * 71.7 + column * 3.3)
        }
        return points
    }

    /// Core-clock ticks per scan with `fingers` fingers down (at most ten), averaged over `frames`
    /// scans, split into the simulated front end (which real hardware does in its analog front end)
    /// and the scan pipeline the MCU runs on every frame.
    mutating func measureScanCost(fingers: Int, frames: Int, _ console: inout SemihostConsole) {
        restart()
        // Its own panel copy and pipeline, calibrated on the empty panel, then given the fingers.
        var panel = selfTestController.panel
        panel.apply(FingerStimulus(finger: 0, action: .liftAll, position: .zero))
        for _ in 0..<4 { _ = costScan(&panel) }
        let points = Self.tenFingers()
        for i in 0..<min(fingers, points.count) {
            panel.apply(FingerStimulus(finger: UInt8(truncatingIfNeeded: i + 1), action: .down, position: points[i]))
        }
        for _ in 0..<6 { _ = costScan(&panel) }
        var core = SysTickClock(source: .processor)
        var frontEnd: Int64 = 0, pipeline: Int64 = 0
        var live = 0
        for _ in 0..<frames {
            time += 8_333
            let start = core.ticks()
            panel.measure(into: &costGrid, at: time)
            let measured = core.ticks()
            live = costPipeline.process(&costGrid, timestamp: time, sequence: 0).contacts.count
            let processed = core.ticks()
            frontEnd += measured - start
            pipeline += processed - measured
        }
        let n = Int64(_truncatingBits: UInt(bitPattern: frames))
        console.append("scan-cost: contacts ")
        console.append(live)
        console.append(" frames ")
        console.append(frames)
        console.append(" pipeline-ticks/frame ")
        console.append(pipeline / n)
        console.append(" front-end-ticks/frame ")
        console.append(frontEnd / n)
        console.flush()
        if live != min(fingers, points.count) { fail("contacts while measuring: ", live, &console) }
    }

    private mutating func costScan(_ panel: inout SimulatedPanel) -> Int {
        time += 8_333
        panel.measure(into: &costGrid, at: time)
        return costPipeline.process(&costGrid, timestamp: time, sequence: 0).contacts.count
    }

    private func distance(_ contact: ScanContact, _ point: PanelPoint) -> Float {
        let board = selfTestController.board
        let dx = board.millimetresX(device: contact.x) - point.x
        let dy = board.millimetresY(device: contact.y) - point.y
        return (dx * dx + dy * dy).squareRoot()
    }

    private mutating func report(_ contact: ScanContact, expected point: PanelPoint, _ console: inout SemihostConsole) {
        let error = distance(contact, point)
        let ok = error <= Self.tolerance
        if !ok { failures += 1 }
        console.append(ok ? "scan: ok   finger (" : "scan: FAIL finger (")
        console.append(point.x)
        console.append(", ")
        console.append(point.y)
        console.append(") reported at error ")
        console.append(error)
        console.append(" mm")
        console.flush()
    }

    mutating func fail(_ what: StaticString, _ value: Int, _ console: inout SemihostConsole) {
        failures += 1
        console.append("scan: FAIL ")
        console.append(what)
        console.append(value)
        console.flush()
    }
}
