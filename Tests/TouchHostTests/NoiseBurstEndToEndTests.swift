import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Charger-like noise bursts (`emulate --faults noise=N`) through the real binaries on every
/// board: `touchhost emulate` plays a script while the bursts come, `touchhost monitor --json`
/// reads it back, and the stream holds exactly the script's touches and its one tap (the host's
/// heatmap path: HeatmapNoiseTests). Serialized: the emulator must keep up with its board's scan
/// rate, and a starved one splits touches.
@Suite(.serialized) struct NoiseBurstEndToEndTests {
    /// A tap, a drag and a hold, inside the smallest panel (panel-7, 154 x 86 mm).
    static let script = """
        0ms     tap    40 30
        200ms   drag   from 20 60 to 120 60 in 800ms
        1100ms  hold   130 25 for 600ms
        """
    static let scriptedTouches = 3
    static let tapAt = PanelPoint(x: 40, y: 30)

    struct Case: Sendable, CustomStringConvertible {
        var board: String
        var noise: Int
        var seed: Int
        var description: String { "\(board) noise=\(noise) seed=\(seed)" }
    }

    static let cases: [Case] = BoardListing.names.flatMap { board in
        [10, 50].flatMap { noise in (1...10).map { Case(board: board, noise: noise, seed: $0) } }
    }

    /// The monitor's JSON lines for the script played on the case's board under its noise.
    static func monitorLines(_ test: Case) throws -> [String] {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(
            script: Self.script, ["--board", test.board, "--faults", "noise=\(test.noise)", "--seed", "\(test.seed)"])
        defer { emulator.stop() }
        let monitor = try TouchHostBinary.run(binary, ["monitor", emulator.address, "--json", "--until-idle", "1"], timeout: 30)
        #expect(monitor.status == 0, "monitor failed: \(monitor.error)")
        return monitor.lines
    }

    /// The stream's status lines, to tell a starved link from a ghost when a count is off.
    static func statuses(_ lines: [String]) -> [String] { lines.filter { $0.contains(#""type":"status""#) } }

    @Test(arguments: cases)
    func noiseBurstsMakeNoGhostTouchAndLoseNoTap(_ test: Case) throws {
        let lines = try Self.monitorLines(test)
        let touches = lines.compactMap(TouchLine.init)
        let began = touches.filter { $0.phase == "began" }
        // A starved emulator (the suite shares the machine) can fall silent past the report
        // timeout: the touch down is cancelled with a `report-timeout` status and the finger
        // reported again is a new touch, a short rest of a hold even a tap. Only such a split may
        // add a touch; noise may not.
        let stalls = Self.statuses(lines).filter { $0.contains(#""event":"report-timeout""#) }.count
        #expect(began.count == Self.scriptedTouches + stalls, "touches: \(began.map(\.summary)); \(Self.statuses(lines))")
        #expect(touches.filter { $0.phase == "ended" || $0.phase == "cancelled" }.count == began.count)
        let taps = lines.compactMap(TapLine.init)
        #expect(taps.filter { $0.position.distance(to: Self.tapAt) <= 2 }.count == 1, "taps at \(taps.map(\.position))")
        #expect(taps.count <= 1 + stalls, "taps at \(taps.map(\.position))")
    }
}

/// A recognized tap in the JSON stream.
struct TapLine {
    var position: PanelPoint

    init?(_ line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            object["type"] as? String == "gesture", object["kind"] as? String == "tap",
            object["state"] as? String == "recognized",
            let x = object["x"] as? Double, let y = object["y"] as? Double
        else { return nil }
        position = PanelPoint(x: Float(x), y: Float(y))
    }
}
