import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// One source specification for the CLI and the C API (`SourceSpec`): from a C program written
/// from the header, `th_context_open` reads a legacy controller (`?protocol=elo&size=WxH`) and a
/// touchhost controller whose contacts the host finds in its heatmaps (`?mode=heatmap`).
@Suite("CAPI source specification", .serialized)
struct CAPISourceSpecTests {
    @Test func theSpecificationTakesItsOwnOptionsAndLeavesTheLineSettings() throws {
        let spec = try SourceSpec.parse("/dev/ttyS0?baud=9600&protocol=elo&size=300x200&flow=rtscts")
        #expect(spec.address == "/dev/ttyS0?baud=9600&flow=rtscts")
        #expect(spec.legacyProtocol == .elo)
        #expect(spec.panel == PanelSize(width: 300, height: 200))
        #expect(try SourceSpec.parse("emulate:kiosk-15?script=a.touch&mode=heatmap").contactsFromHeatmaps)
        for bad in ["p?size=infx100", "p?protocol=elo&size=0x5", "p?protocol=nope", "p?mode=fast", "p?size=30x20", "p?protocol=elo&mode=both"] {
            #expect(throws: LinkError.self, "\(bad)") { try SourceSpec.parse(bad) }
        }
        #expect(PanelSize(millimetres: "345X194") == PanelSize(width: 345, height: 194))
        #expect(PanelSize(millimetres: "nanx1") == nil)
    }

    @Test func anEloControllerOnAPseudoTerminalFromC() throws {
        let program = try CAPILibrary.program("CTests/c/source_loop.c", "source_loop")
        let pty = try PseudoTerminal()
        let running = CAPIProcess.start(program, ["\(pty.path)?protocol=elo&size=300x200", "20000"])
        try #require(TouchHostBinary.waitUntilSetUp(pty.path, by: running.process.processIdentifier), "never opened \(pty.path)")
        let range = LegacyProtocol.elo.defaultRange
        func raw(_ fraction: Double, _ from: Int32, _ to: Int32) -> UInt16 { UInt16(Double(from) + fraction * Double(to - from)) }
        let x = raw(0.25, range.minX, range.maxX), y = raw(0.5, range.minY, range.maxY)
        var packets: [UInt8] = []
        for step in 0..<8 { packets += LegacyWire.touch(.elo, touching: true, x: x &+ UInt16(step * 8), y: y) }
        packets += LegacyWire.touch(.elo, touching: false, x: x &+ 56, y: y)
        try pty.link.write(packets)
        // The touch is lifted by its packet; the program ends on the disconnect the closed pty
        // gives. Real time: the packets must reach the other process before the hang-up, and a
        // busy machine may take a while (the program would then see no touch and the test fail).
        let written = Date()
        while Date().timeIntervalSince(written) < 1 { _ = pty.link.waitForInput(milliseconds: 100) }
        pty.link.close()
        let lines = running.finish(timeout: 30).output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("touches began 1 ended 1,") }, "\(lines)")
        #expect(lines.contains("status 3 0"), "the closed pty is a disconnect: \(lines)")
    }

    /// The same drag read twice from an emulated controller: from its contact reports (about 120 a
    /// second) and with `mode=heatmap` from its heatmaps (about 10 a second), found by the host.
    @Test func aHeatmapModeControllerFromC() throws {
        let program = try CAPILibrary.program("CTests/c/source_loop.c", "source_loop")
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("c-heatmap-\(getpid()).touch")
        try "0ms drag from 60 120 to 160 120 in 1000ms\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        func moves(_ options: String) throws -> Int {
            let result = CAPIProcess.run(program, ["emulate:kiosk-15?script=\(script.path)\(options)", "30000"], timeout: 60)
            #expect(result.status == 0, "\(result.output)")
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("touches began 1 ended 1,") }, "\(options): \(result.output)")
            #expect(lines.contains("gesture pan ended"), "\(options): \(result.output)")
            return Int(try #require(lines.first { $0.hasPrefix("moves ") }).dropFirst("moves ".count)) ?? -1
        }
        let fromReports = try moves("")
        let fromHeatmaps = try moves("&mode=heatmap")
        #expect(fromReports >= 60, "\(fromReports) moves from reports")
        #expect(fromHeatmaps > 3 && fromHeatmaps <= 30, "\(fromHeatmaps) moves from heatmaps")
    }
}
