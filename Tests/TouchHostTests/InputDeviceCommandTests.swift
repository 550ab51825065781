import Foundation
import Testing
import TouchHost

/// Every live command takes a Linux input device (contracts.md section 8). These machines have no
/// /dev/input, so here each command is shown to take the path as an input device (not a serial
/// port) and to refuse it in one line when it cannot be opened; Tests/VM/live-commands.sh reads a
/// real kernel device with each of them.
@Suite struct InputDeviceCommandTests {
    static let missing = "/dev/input/event-touchhost-test-missing"
    static let refusal = "touchhost: \(missing): cannot open the input device: No such file or directory\n"

    /// A file in the temporary folder that no refused command may create (`OUT` in the arguments).
    static let output = FileManager.default.temporaryDirectory.appendingPathComponent("never-written-\(getpid())").path

    private func run(_ arguments: [String]) throws -> TouchHostBinary.Result {
        try TouchHostBinary.run(try TouchHostBinary.locate(), arguments.map { $0 == "OUT" ? Self.output : $0 }, timeout: 20)
    }

    @Test(arguments: [
        ["monitor", missing], ["monitor", missing + "?grab=1", "--json"], ["serve", missing, "--json"],
        ["calibrate", missing, "--screen", "800x480", "-o", "OUT"],
        ["record", missing, "-o", "OUT"],
    ])
    func aMissingInputDeviceIsOneLineAndStatusOne(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 1)
        #expect(result.error == Self.refusal)
        #expect(!FileManager.default.fileExists(atPath: Self.output))
    }

    @Test func bridgeTakesAnInputDeviceToo() throws {
        let downstream = try PseudoTerminal()
        let result = try run(["bridge", Self.missing, "--out", downstream.path])
        #expect(result.status == 1)
        #expect(result.error == Self.refusal)
    }

    @Test(arguments: [
        ["monitor", missing, "--protocol", "elo"], ["monitor", missing, "--heatmap"],
        ["monitor", missing, "--mode", "gestures"], ["monitor", missing, "--contacts-from", "heatmap"],
    ])
    func anInputDeviceTakesNoProtocolModeOrHeatmap(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("a Linux input device takes no --protocol or --mode"))
    }

    @Test func grabIsOnlyForAnInputDevice() throws {
        let port = try PseudoTerminal()
        let result = try run(["monitor", port.path + "?grab=1", "--json", "--duration", "1"])
        #expect(result.status == 1)
        #expect(result.error == "touchhost: \(port.path): grab is for a Linux input device (/dev/input/...)\n")
    }

    @Test func recordRefusesALegacyControllerSayingWhy() throws {
        let port = try PseudoTerminal()
        let result = try run(["record", port.path + "?protocol=elo", "-o", "OUT"])
        #expect(result.status == 1)
        #expect(result.error == "touchhost: \(port.path)?protocol=elo: record saves a touchhost controller or a Linux input device, not a legacy controller\n")
        #expect(!FileManager.default.fileExists(atPath: Self.output))
    }
}
