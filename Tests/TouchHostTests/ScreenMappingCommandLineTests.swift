import Foundation
import Testing

/// `--screen`, `--rotate`, `--flip` and `--calibration` through the real binary: a replayed script's
/// touches land on the pixels the mounting says, and pan movements turn with it.
@Suite struct ScreenMappingCommandLineTests {
    /// A 400 x 200 mm panel: the tap at (100, 20) mm is at a quarter of the width and a tenth of
    /// the height, so every mounting puts it somewhere else on the 1920 x 1080 screen.
    static let script = """
        panel 400 200
        rate 120
        0ms    tap   100 20
        1s     drag  from 100 100 to 300 100 in 500ms
        """

    struct Mounting: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        /// The tap in pixels.
        var tap: (x: Double, y: Double)
        /// Pixels per millimetre of a movement along the panel's x axis.
        var alongX: (x: Double, y: Double)
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let mountings: [Mounting] = [
        Mounting(arguments: [], tap: (480, 108), alongX: (4.8, 0)),
        Mounting(arguments: ["--rotate", "0"], tap: (480, 108), alongX: (4.8, 0)),
        Mounting(arguments: ["--rotate", "90"], tap: (1728, 270), alongX: (0, 2.7)),
        Mounting(arguments: ["--rotate", "180"], tap: (1440, 972), alongX: (-4.8, 0)),
        Mounting(arguments: ["--rotate", "270"], tap: (192, 810), alongX: (0, -2.7)),
        Mounting(arguments: ["--flip", "x"], tap: (1440, 108), alongX: (-4.8, 0)),
        Mounting(arguments: ["--flip", "y"], tap: (480, 972), alongX: (4.8, 0)),
        Mounting(arguments: ["--rotate", "90", "--flip", "x"], tap: (192, 270), alongX: (0, 2.7)),
    ]

    @Test(arguments: mountings)
    func aReplayedTapAndPanLandOnThePixelsTheMountingGives(_ mounting: Mounting) throws {
        let file = try Scratch.file("mapping.touch", Self.script)
        defer { Scratch.remove(file) }
        let result = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["replay", file, "--json", "--screen", "1920x1080"] + mounting.arguments, timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        let objects = result.lines.compactMap(Scratch.object)
        let touches = objects.filter { $0["type"] as? String == "touch" }
        try #require(!touches.isEmpty)
        let tap = try #require(objects.first { $0["name"] as? String == "tap" }, "no tap in \(result.lines)")
        for event in [touches[0], touches[1], tap] {
            let sx = try #require(event["sx"] as? Double), sy = try #require(event["sy"] as? Double)
            #expect(abs(sx - mounting.tap.x) <= 0.05 && abs(sy - mounting.tap.y) <= 0.05, "\(event)")
        }
        let pans = objects.filter { $0["name"] as? String == "pan" }
        try #require(pans.count >= 3, "no pan in \(result.lines)")
        for pan in pans {
            let moved = try #require(pan["translation"] as? [Double])
            let onScreen = try #require(pan["screenTranslation"] as? [Double])
            #expect(abs(onScreen[0] - moved[0] * mounting.alongX.x) <= 0.2, "\(pan)")
            #expect(abs(onScreen[1] - moved[0] * mounting.alongX.y) <= 0.2, "\(pan)")
        }
        // Millimetres stay as they are, whatever the mounting.
        #expect(touches[0]["x"] as? Double == 100 && touches[0]["y"] as? Double == 20)
    }

    @Test func readableLinesSayThePixels() throws {
        let file = try Scratch.file("readable.touch", Self.script)
        defer { Scratch.remove(file) }
        let result = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["replay", file, "--screen", "1920x1080", "--rotate", "180"], timeout: 30)
        #expect(result.status == 0)
        #expect(result.lines.contains { $0.contains("tap recognized at (100.0, 20.0) = px (1440.0, 972.0)") }, "\(result.lines)")
    }

    @Test func withoutAScreenEventsCarryNoPixels() throws {
        let file = try Scratch.file("plain.touch", Self.script)
        defer { Scratch.remove(file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file, "--json"], timeout: 30)
        #expect(result.status == 0)
        #expect(!result.lines.isEmpty)
        #expect(result.lines.allSatisfy { !$0.contains("\"sx\"") && !$0.contains("screenTranslation") })
    }

    struct FileCase: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var extra: [String]
        var tap: (x: Double, y: Double)
        var testDescription: String { name }
    }

    static let fileCases: [FileCase] = [
        FileCase(name: "a file with its own screen", text: "# upside down\nmatrix -1 0 1 0 -1 1\nscreen 1920 1080\n", extra: [], tap: (1440, 972)),
        FileCase(name: "--screen over the file's", text: "matrix -1 0 1 0 -1 1\nscreen 800 600\n", extra: ["--screen", "1920x1080"], tap: (1440, 972)),
        FileCase(name: "the file after --rotate", text: "matrix -1 0 1 0 1 0\n", extra: ["--screen", "1920x1080", "--rotate", "90"], tap: (192, 270)),
        FileCase(name: "scale and offset", text: "matrix 0.5 0 0.1 0 2 -0.1  # comment after\n", extra: ["--screen", "1920x1080"], tap: (432, 108)),
    ]

    @Test(arguments: fileCases)
    func aCalibrationFileAppliesItsMatrix(_ testCase: FileCase) throws {
        let script = try Scratch.file("file.touch", Self.script)
        defer { Scratch.remove(script) }
        let calibration = try Scratch.file("good.calibration", testCase.text)
        defer { Scratch.remove(calibration) }
        let result = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["replay", script, "--json", "--calibration", calibration] + testCase.extra, timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        let first = try #require(result.lines.compactMap(Scratch.object).first { $0["type"] as? String == "touch" })
        let sx = try #require(first["sx"] as? Double), sy = try #require(first["sy"] as? Double)
        #expect(abs(sx - testCase.tap.x) <= 0.05 && abs(sy - testCase.tap.y) <= 0.05, "\(first)")
    }

    static let badFiles: [(text: String, says: String)] = [
        ("matrix 1 0 0 0 1\n", "line 1: matrix wants six numbers"),
        ("# upside down\nmatrix -1 0 1 0 -1 one\n", "line 2: 'one' is not a number"),
        ("\n\nmatrix 1 0 0 0 1 nan\n", "line 3: matrix values must be finite"),
        ("matrix 1 0 inf 0 1 0\n", "line 1: matrix values must be finite"),
        ("matrix 1 2 0 2 4 0\n", "line 1: the matrix is singular"),
        ("matrix 0 0 0 0 0 0\n", "line 1: the matrix is singular"),
        ("matrix 1 0 0 0 1 0\nmatrix 1 0 0 0 1 0\n", "line 2: a second matrix line"),
        ("matrix 1 0 0 0 1 0\nscreen 0 1080\n", "line 2: screen wants a width and a height"),
        ("rotate 90\n", "line 1: unknown statement 'rotate'"),
        ("# nothing\n", "no matrix line"),
        ("matrix 1 0 0 0 1 0\n", "no screen line"),
    ]

    @Test(arguments: badFiles)
    func aWrongCalibrationFileIsRefusedNamingTheLine(_ bad: (text: String, says: String)) throws {
        let script = try Scratch.file("bad.touch", Self.script)
        defer { Scratch.remove(script) }
        let calibration = try Scratch.file("bad.calibration", bad.text)
        defer { Scratch.remove(calibration) }
        let result = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["replay", script, "--calibration", calibration], timeout: 30)
        #expect(result.status == 1)
        #expect(result.lines.isEmpty)
        #expect(result.error.contains(calibration) && result.error.contains(bad.says), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
    }

    static let badUsage: [[String]] = [
        ["replay", "X.touch", "--screen", "1920"], ["replay", "X.touch", "--screen", "0x1080"],
        ["replay", "X.touch", "--screen", "1920x-5"], ["replay", "X.touch", "--screen", "99999x1080"],
        ["replay", "X.touch", "--screen", "1920x1080", "--rotate", "45"], ["replay", "X.touch", "--screen", "1920x1080", "--flip", "z"],
        ["replay", "X.touch", "--rotate", "90"], ["calibrate", "/dev/null", "--screen", "1920x1080", "--points", "7"],
        ["calibrate", "/dev/null", "--screen", "wide"], ["emulate", "--mount", "rotate=45"], ["emulate", "--mount", "scale=9"],
        ["emulate", "--mount", "tilt=3"], ["emulate", "--mount", "shift=1"],
    ]

    @Test(arguments: badUsage)
    func badScreenValuesAreUsageErrors(_ arguments: [String]) throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), arguments, timeout: 30)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.lines.isEmpty)
    }

    @Test func plotMarksCarryTheirPixels() throws {
        let script = try Scratch.file("plot.touch", Self.script)
        defer { Scratch.remove(script) }
        let svg = Scratch.path("plot.svg")
        defer { Scratch.remove(svg) }
        let result = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["plot", script, "-o", svg, "--screen", "1920x1080", "--rotate", "180"], timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("screen 1920 x 1080 px"))
        #expect(text.contains("data-name=\"tap\" data-state=\"recognized\" data-x=\"100.0\" data-y=\"20.0\" data-sx=\"1440.0\" data-sy=\"972.0\""))
    }
}

/// Files for one test run, in the temporary directory.
enum Scratch {
    static func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("touchhost-\(getpid())-\(UUID().uuidString)-\(name)").path
    }

    static func file(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    static func object(_ line: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }
}
