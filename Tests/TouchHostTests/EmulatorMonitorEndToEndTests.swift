import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// The real binary twice, as a user would run it in two terminals: `touchhost emulate` serving a
/// script on a pseudo-terminal and `touchhost monitor PTY --json --until-idle 1` reading it back.
@Suite(.serialized) struct EmulatorMonitorEndToEndTests {
    static let script = """
        0ms     tap    100 60
        600ms   drag   from 60 120 to 120 120 in 1000ms
        2000ms  hold   280 150 for 400ms
        2700ms  down   1 40 40
        2800ms  move   1 45 42
        2900ms  up     1
        """

    /// Where and when each scripted touch begins and ends, in script time and mm. Strokes are slow
    /// enough (60 mm/s) that the controller's debounce (a scan or two) stays inside the position tolerance.
    static let expected: [(begin: (Microseconds, PanelPoint), end: (Microseconds, PanelPoint))] = [
        ((0, PanelPoint(x: 100, y: 60)), (60_000, PanelPoint(x: 100, y: 60))),
        ((600_000, PanelPoint(x: 60, y: 120)), (1_600_000, PanelPoint(x: 120, y: 120))),
        ((2_000_000, PanelPoint(x: 280, y: 150)), (2_400_000, PanelPoint(x: 280, y: 150))),
        ((2_700_000, PanelPoint(x: 40, y: 40)), (2_900_000, PanelPoint(x: 45, y: 42))),
    ]

    @Test func everyScriptedTouchBeginsAndEndsWhereAndWhenTheScriptSays() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: Self.script, ["--board", "kiosk-15"])
        defer { emulator.stop() }
        #expect(emulator.address.hasPrefix("/dev/pts/"))

        let monitor = try TouchHostBinary.run(binary, ["monitor", emulator.address, "--json", "--until-idle", "1"], timeout: 20)
        #expect(monitor.status == 0, "monitor failed: \(monitor.error)")

        let touches = monitor.lines.compactMap(TouchLine.init)
        let began = touches.filter { $0.phase == "began" }
        let ended = touches.filter { $0.phase == "ended" || $0.phase == "cancelled" }
        try #require(began.count == Self.expected.count, "touches: \(touches.map(\.summary))")
        #expect(ended.count == began.count)
        // The monitor's clock starts at the device's first report, the script's at the handshake:
        // line them up on the first touch and compare everything after it.
        let offset = began[0].time - Self.expected[0].begin.0
        for (index, expectation) in Self.expected.enumerated() {
            let start = began[index]
            let finish = try #require(ended.first { $0.id == start.id }, "touch \(start.id) never ended")
            #expect(abs(start.time - offset - expectation.begin.0) <= 50_000, "touch \(index) began at \(start.time - offset)")
            #expect(start.position.distance(to: expectation.begin.1) <= 1.5, "touch \(index) began at \(start.position)")
            #expect(abs(finish.time - offset - expectation.end.0) <= 50_000, "touch \(index) ended at \(finish.time - offset)")
            #expect(finish.position.distance(to: expectation.end.1) <= 1.5, "touch \(index) ended at \(finish.position)")
        }
    }

    @Test func aRecordingReplaysToTheTouchesItRecorded() throws {
        let binary = try TouchHostBinary.locate()
        let recordingFile = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(getpid()).threc")
        defer { try? FileManager.default.removeItem(at: recordingFile) }
        let emulator = try EmulatedController(script: "0ms tap 100 60\n500ms drag from 60 120 to 120 120 in 600ms\n")
        defer { emulator.stop() }
        let record = try TouchHostBinary.run(binary, ["record", emulator.address, "-o", recordingFile.path, "--until-idle", "1"], timeout: 20)
        #expect(record.status == 0, "\(record.error)")

        let replay = try TouchHostBinary.run(binary, ["replay", recordingFile.path, "--json"], timeout: 20)
        #expect(replay.status == 0, "\(replay.error)")
        let touches = replay.lines.compactMap(TouchLine.init)
        #expect(touches.filter { $0.phase == "began" }.count == 2, "\(touches.map(\.summary))")
        #expect(touches.filter { $0.phase == "ended" }.count == 2)
        // The same bytes give the same stream every time.
        #expect(try TouchHostBinary.run(binary, ["replay", recordingFile.path, "--json"], timeout: 20).lines == replay.lines)
    }
}

/// One touch line of the JSON stream.
struct TouchLine {
    var phase: String
    var id: Int
    var time: Microseconds
    var position: PanelPoint

    init?(_ line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            object["type"] as? String == "touch", let phase = object["phase"] as? String, let id = object["id"] as? Int,
            let t = object["t"] as? Double, let x = object["x"] as? Double, let y = object["y"] as? Double
        else { return nil }
        self.phase = phase
        self.id = id
        time = Microseconds((t * 1000).rounded())
        position = PanelPoint(x: Float(x), y: Float(y))
    }

    var summary: String { "\(id) \(phase) \(time) (\(position.x), \(position.y))" }
}

