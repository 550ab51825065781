import Foundation
import Testing
@testable import TouchHost

/// Usage errors and calibrations, through the binary (issue 26): every usage error quotes what it
/// refused escaped, as every other message does, and a calibration that would map touches to
/// infinity, or screens away, is refused naming its file and line.
@Suite struct UsageAndNumberTests {
    /// An argument carrying a terminal escape, a bell and a line feed, in every option that
    /// echoes its value and as an unknown option.
    static let hostile = "x\u{1B}]0;owned\u{7}\u{1B}[2J\nforged"

    @Test(arguments: [
        ["emulate", "--board", hostile],
        ["emulate", "--faults", hostile],
        ["replay", "x.touch", "--recognizers", hostile],
        ["replay", "x.touch", "--format", hostile],
        ["replay", "x.touch", "--palms", hostile],
        ["replay", "x.touch", "--px-mm", hostile],
        ["monitor", "/dev/null", "--mode", hostile],
        ["monitor", "/dev/null", "--protocol", hostile],
        ["calibrate", "/dev/null", "--screen", "1920x1080", "--points", hostile],
        ["replay", "x.touch", "--" + hostile],
        ["replay", "x.touch", "--format=" + hostile],
    ])
    func aUsageErrorShowsNoControlCharacter(arguments: [String]) throws {
        let run = try TouchHostBinary.run(try TouchHostBinary.locate(), arguments, timeout: 30)
        #expect(run.status == 2, "\(run.error)")
        #expect(!run.error.contains("\u{1B}") && !run.error.contains("\u{7}"), "\(run.error.debugDescription)")
        #expect(!run.error.contains("\nforged"), "a line feed in an argument forged a line: \(run.error.debugDescription)")
        #expect(run.error.contains(#"\u{1B}"#), "the refused value is not quoted escaped: \(run.error.debugDescription)")
    }

    /// Finite and invertible, yet every touch went to infinity and was printed at pixel (0, 0).
    @Test(arguments: [
        ("matrix 1e308 0 0 0 1e308 0", "line 2: the matrix maps the panel's corner (1, 0) to"),
        ("matrix 1 0 50 0 1 0", "line 2: the matrix maps the panel's corner (0, 0) to (50.0, 0.0) screens, not within 10 screens of the screen"),
    ])
    func aCalibrationMappingThePanelFarOffTheScreenIsRefused(matrix: String, message: String) throws {
        let calibration = try TouchHostBinary.temporaryFile("far.calibration", "# far\n\(matrix)\nscreen 1920 1080\n")
        let input = try TouchHostBinary.temporaryFile("tap.touch", "0ms tap 50 50\n")
        defer {
            try? FileManager.default.removeItem(at: calibration)
            try? FileManager.default.removeItem(at: input)
        }
        let run = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", input.path, "--calibration", calibration.path], timeout: 30)
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("touchhost: \(calibration.path): \(message)"), "\(run.error)")
        #expect(run.error.split(separator: "\n").count == 1, "\(run.error)")
    }
}
