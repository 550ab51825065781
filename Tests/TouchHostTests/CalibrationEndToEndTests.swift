import Foundation
import Testing
@testable import TouchHost

/// `touchhost calibrate` on an emulated panel mounted wrongly (`emulate --mount`), as a person at a
/// kiosk would run it: a script holds a finger on each target in turn (after one touch that
/// slides and must be refused), the matrix is fitted and written, and a second session reading
/// the same mis-mounted panel through that file puts taps on the display's corners within 2 px.
@Suite(.serialized) struct CalibrationEndToEndTests {
    /// The targets as contracts.md section 5 orders them, as fractions of the screen.
    static let fivePoints: [(Double, Double)] = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.5, 0.5)]
    static let ninePoints = fivePoints + [(0.5, 0.1), (0.9, 0.5), (0.5, 0.9), (0.1, 0.5)]
    /// kiosk-15's panel, which the display under it matches.
    static let display = (width: 345.0, height: 194.0)

    struct Mounting: CustomTestStringConvertible, Sendable {
        var mount: String
        var points: Int
        var testDescription: String { "\(mount), \(points) points" }
    }

    static let mountings = [
        Mounting(mount: "rotate=180,scale=0.97,shift=2x-1.5", points: 5),  // upside down and 3 % off
        Mounting(mount: "rotate=90,flip=x,scale=0.98", points: 9),
    ]

    /// A finger held on each target in display millimetres, one a second; first a slide that
    /// starts on target 1 and must not count.
    static func script(_ targets: [(Double, Double)]) -> String {
        var lines = ["panel 345 194", "300ms drag from 34.5 19.4 to 80 60 in 400ms"]
        for (index, target) in targets.enumerated() {
            lines.append("\(1_200 + index * 1_000)ms hold \(target.0 * display.width) \(target.1 * display.height) for 600ms")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: mountings)
    func calibrationRecoversAMisMountedPanel(_ mounting: Mounting) throws {
        let binary = try TouchHostBinary.locate()
        let targets = mounting.points == 5 ? Self.fivePoints : Self.ninePoints
        let calibration = Scratch.path("recovered.calibration")
        defer { Scratch.remove(calibration) }
        let run = try Self.onEmulator(Self.script(targets), mount: mounting.mount) { port in
            try TouchHostBinary.run(
                binary, ["calibrate", port, "--screen", "1920x1080", "--points", String(mounting.points), "-o", calibration],
                timeout: 30)
        }
        #expect(run.status == 0, "\(run.error)\n\(run.lines.joined(separator: "\n"))")
        #expect(run.lines.contains { $0.hasPrefix("target 1 refused: the touch moved") }, "\(run.lines)")
        let prompts = run.lines.filter { $0.contains(" of \(mounting.points): touch (") }
        #expect(prompts.count == mounting.points + 1)
        for (index, target) in targets.enumerated() {
            let place = "(\(DecimalText.fixed(target.0 * 1920, places: 1)), \(DecimalText.fixed(target.1 * 1080, places: 1))) px"
            #expect(prompts.contains("target \(index + 1) of \(mounting.points): touch \(place)"), "\(prompts)")
        }
        let residuals = run.lines.filter { $0.contains(": residual ") }
        #expect(residuals.count == mounting.points)
        #expect(run.lines.last == "wrote \(calibration)")
        let file = try CalibrationFile.load(path: calibration)
        #expect(file.screen == ScreenSize(width: 1920, height: 1080))

        // The display's corners, touched on the same mis-mounted panel, read through the file.
        let corners = "panel 345 194\n500ms tap 0 0\n1.5s tap 345 0\n2.5s tap 345 194\n3.5s tap 0 194\n"
        let monitor = try Self.onEmulator(corners, mount: mounting.mount) { port in
            try TouchHostBinary.run(binary, ["monitor", port, "--json", "--calibration", calibration, "--until-idle", "1"], timeout: 30)
        }
        #expect(monitor.status == 0, "\(monitor.error)")
        let began = monitor.lines.compactMap(Scratch.object).filter { $0["phase"] as? String == "began" }
        try #require(began.count == 4, "\(monitor.lines)")
        for (touch, corner) in zip(began, [(0.0, 0.0), (1920.0, 0.0), (1920.0, 1080.0), (0.0, 1080.0)]) {
            let sx = try #require(touch["sx"] as? Double), sy = try #require(touch["sy"] as? Double)
            #expect(abs(sx - corner.0) <= 2 && abs(sy - corner.1) <= 2, "corner \(corner) read at \(sx), \(sy)")
        }
    }

    @Test func oneSpotTouchedForEveryTargetFixesNoMatrix() throws {
        let binary = try TouchHostBinary.locate()
        var script = "panel 345 194\n"
        for index in 0..<5 { script += "\(500 + index * 1_000)ms hold 100 100 for 500ms\n" }
        let calibration = Scratch.path("never.calibration")
        defer { Scratch.remove(calibration) }
        let run = try Self.onEmulator(script, mount: "rotate=0") { port in
            try TouchHostBinary.run(binary, ["calibrate", port, "--screen", "1920x1080", "-o", calibration], timeout: 30)
        }
        #expect(run.status == 1)
        #expect(run.error.contains("calibration failed: points 1 and 2 were touched at the same place"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: calibration))
    }

    /// Serves `script` on an emulated kiosk-15 mounted as `mount` and runs `body` on its port.
    static func onEmulator(
        _ script: String, mount: String, _ body: (String) throws -> TouchHostBinary.Result
    ) throws -> TouchHostBinary.Result {
        let emulator = try EmulatedController(script: script, ["--board", "kiosk-15", "--mount", mount])
        defer { emulator.stop() }
        return try body(emulator.address)
    }
}
