import Foundation
import Testing
@testable import TouchHost

@Suite struct EmulatorCommandLineTests {
    @Test(arguments: [
        ["emulate", "--board", "no-such-board"], ["emulate", "--faults", "gremlins=5"], ["emulate", "--link", "carrier-pigeon"],
        ["emulate", "--faults", "byte-loss=1001"],
    ])
    func badEmulatorOptionsAreStatusTwo(arguments: [String]) throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), arguments, timeout: 10)
        #expect(result.status == 2, "\(result.error)")
    }

    @Test func boardsListTheCatalogWithTheDefaultMarked() throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["boards", "--json"], timeout: 10)
        #expect(result.status == 0)
        let boards = try #require(try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [[String: Any]])
        #expect(boards.map { $0["name"] as? String } == ["panel-7", "kiosk-15", "kiosk-22"])
        #expect(boards.filter { $0["default"] as? Bool == true }.map { $0["name"] as? String } == ["kiosk-15"])
    }

    @Test func aScriptWithControllerReportsIsRefusedByTheEmulator() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(getpid()).touch")
        try "0ms report [1 down 10 10]\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["emulate", "--script", file.path], timeout: 10)
        #expect(result.status == 1)
        #expect(result.error.contains("use `touchhost replay`"))
    }
}

@Suite struct FaultSpecTests {
    @Test func ratesOneShotsAndSeedParse() throws {
        let spec = try FaultSpec.parse("byte-loss=5,lost-lifts=50,reset,drop-link,seed=7")
        #expect(spec.settings.byteLoss == 5 && spec.settings.lostLifts == 50 && spec.settings.seed == 7)
        #expect(spec.settings.resetController && spec.settings.dropLink)
    }

    @Test(arguments: ["noise", "noise=x", "noise=1001", "gremlins=1", "seed=-1"])
    func badSpecsSayWhatIsWrong(text: String) {
        #expect(throws: HostFailure.self) { try FaultSpec.parse(text) }
    }
}
