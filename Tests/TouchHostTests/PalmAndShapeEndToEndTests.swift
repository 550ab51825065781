import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Palms and contact shape through the real binaries on every board: `touchhost emulate` plays a
/// script (its `palm` and `size` statements reach the firmware's simulated panel as stimuli, the
/// firmware measures and flags, shaped reports carry it) and `touchhost monitor --json` reads it
/// back. Serialized, as the other end-to-end suites: a starved emulator splits touches.
@Suite(.serialized) struct PalmAndShapeEndToEndTests {
    struct Case: Sendable, CustomStringConvertible {
        var board: String
        var seed: Int
        var description: String { "\(board) seed=\(seed)" }
    }

    static let cases: [Case] = BoardListing.names.flatMap { board in (1...3).map { Case(board: board, seed: $0) } }

    /// A palm resting for 1.5 s, and a finger tapping 60 mm to its right (centre to centre) while
    /// it rests; on panel-7 (154 x 86 mm) a smaller hand fits.
    static func palmScript(board: String) -> (text: String, tap: PanelPoint, palm: PanelPoint) {
        let small = board == "panel-7"
        let palm = PanelPoint(x: small ? 47 : 120, y: small ? 43 : 100)
        let tap = PanelPoint(x: palm.x + 60, y: palm.y + 5)
        let size = small ? "60 by 45" : "90 by 70"
        return (
            """
            0ms     palm at \(palm.x) \(palm.y) size \(size) for 1500ms
            600ms   tap    \(tap.x) \(tap.y)
            """, tap, palm
        )
    }

    static func run(_ script: String, _ test: Case, monitorOptions: [String] = []) throws -> [String] {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: script, ["--board", test.board, "--seed", "\(test.seed)"])
        defer { emulator.stop() }
        let monitor = try TouchHostBinary.run(
            binary, ["monitor", emulator.address, "--json", "--until-idle", "1"] + monitorOptions, timeout: 30)
        #expect(monitor.status == 0, "monitor failed: \(monitor.error)")
        return monitor.lines
    }

    static func objects(_ lines: [String]) -> [[String: Any]] {
        lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test(arguments: cases)
    func aTapBesideARestingPalmIsExactlyOneTapAndThePalmNoTouch(_ test: Case) throws {
        let (script, tapAt, palmAt) = Self.palmScript(board: test.board)
        let lines = try Self.run(script, test)
        let touches = lines.compactMap(TouchLine.init)
        let began = touches.filter { $0.phase == "began" }
        #expect(began.count == 1, "touches: \(began.map(\.summary))")
        #expect(began.allSatisfy { $0.position.distance(to: tapAt) <= 2 })
        let taps = lines.compactMap(TapLine.init)
        #expect(taps.count == 1, "taps at \(taps.map(\.position))")
        #expect(taps.allSatisfy { $0.position.distance(to: tapAt) <= 2 })
        let palms = Self.objects(lines).filter { $0["event"] as? String == "palm" }
        #expect(palms.map { $0["phase"] as? String } == ["began", "ended"], "palm statuses: \(palms)")
        for palm in palms {
            let x = palm["x"] as? Double ?? 0
            let y = palm["y"] as? Double ?? 0
            #expect(PanelPoint(x: Float(x), y: Float(y)).distance(to: palmAt) <= 8, "palm at \(x), \(y)")
        }
    }

    @Test(arguments: cases)
    func palmsReportPassesThePalmThroughFlagged(_ test: Case) throws {
        let (script, tapAt, _) = Self.palmScript(board: test.board)
        let lines = try Self.run(script, test, monitorOptions: ["--palms", "report"])
        let began = Self.objects(lines).filter { $0["type"] as? String == "touch" && $0["phase"] as? String == "began" }
        #expect(began.count == 2, "the palm and the tap: \(began)")
        #expect(began.filter { $0["palm"] as? Bool == true }.count == 1)
        let tap = began.first { $0["palm"] == nil }
        let x = tap?["x"] as? Double ?? 0
        #expect(abs(Float(x) - tapAt.x) <= 2)
    }

    struct ShapeCase: Sendable, CustomStringConvertible {
        var board: String
        var major: Float
        var minor: Float
        var angle: Float
        var description: String { "\(board) \(major) x \(minor) at \(angle)" }
    }

    static let shapeCases: [ShapeCase] = BoardListing.names.flatMap { board in
        [(9, 9, 0), (16, 8, 30), (14, 8, 120)].map { ShapeCase(board: board, major: $0.0, minor: $0.1, angle: $0.2) }
    }

    @Test(arguments: shapeCases)
    func touchEventsCarryTheContactsShapeWithinTolerance(_ test: ShapeCase) throws {
        // The monitor asks for shaped reports when the controller describes itself; the finger lands
        // later, so that on a loaded machine the request is in before the contact is.
        let script = "300ms hold 60 40 for 400ms size \(test.major) by \(test.minor) angle \(test.angle)"
        let lines = try Self.run(script, Case(board: test.board, seed: 4))
        let touches = Self.objects(lines).filter { $0["type"] as? String == "touch" }
        #expect(touches.filter { $0["phase"] as? String == "began" }.count == 1)
        #expect(!touches.isEmpty)
        // The controller averages a contact's ellipse over its first 16 scans (ShapeAverage); the first 8 lines are left to it.
        for touch in touches.dropFirst(8) {
            let major = Float(touch["major"] as? Double ?? 0)
            let minor = Float(touch["minor"] as? Double ?? 0)
            let orientation = Float(touch["orientation"] as? Double ?? -1000)
            #expect(abs(major - test.major) <= 1, "major \(major)")
            #expect(abs(minor - test.minor) <= 1, "minor \(minor)")
            if test.major - test.minor >= 4 {
                let d = abs(orientation - test.angle).truncatingRemainder(dividingBy: 180)
                #expect(min(d, 180 - d) <= 10, "orientation \(orientation)")
            }
        }
    }
}
