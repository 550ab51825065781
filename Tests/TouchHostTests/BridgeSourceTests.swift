import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// `bridge` takes any live source (SourceSpec.openSession), not only a touchhost controller: a
/// source with no device info of its own (a legacy controller here; a Linux input device in the VM
/// suite, Tests/VM/live-commands.sh) is announced downstream by its panel, so positions keep their
/// meaning, and its touches follow.
@Suite struct BridgeSourceTests {
    @Test func aLegacyControllerIsBridgedWithItsPanelAnnounced() throws {
        let binary = try TouchHostBinary.locate()
        let upstream = try PseudoTerminal()
        let downstream = try PseudoTerminal()
        let bridge = try TouchHostBinary.start(
            binary, ["bridge", upstream.path + "?protocol=elo&size=300x200", "--out", downstream.path, "--until-idle", "2"])
        defer { bridge.stop() }
        let pid = bridge.process.processIdentifier
        try #require(TouchHostBinary.waitUntilSetUp(upstream.path, by: pid), "the bridge never opened \(upstream.path)")
        try #require(TouchHostBinary.waitUntilSetUp(downstream.path, by: pid), "the bridge never opened \(downstream.path)")
        let range = LegacyProtocol.elo.defaultRange
        let x = UInt16(Double(range.minX) + 0.25 * Double(range.maxX - range.minX))
        let y = UInt16(Double(range.minY) + 0.5 * Double(range.maxY - range.minY))
        // A short stroke and its lift in one burst: the bridge stamps what it reads with its own clock.
        var stroke = (0..<8).flatMap { LegacyWire.touch(.elo, touching: true, x: x &+ UInt16($0 * 8), y: y) }
        stroke += LegacyWire.touch(.elo, touching: false, x: x &+ 56, y: y)
        try upstream.link.write(stroke)
        _ = bridge.remainingLines(timeout: 20)
        #expect(bridge.process.terminationStatus == 0)

        var bytes: [UInt8] = []
        while downstream.link.waitForInput(milliseconds: 200) { _ = try downstream.link.read(into: &bytes) }
        var decoder = FrameDecoder()
        let messages = bytes.compactMap { decoder.push($0) }
        guard case .device(.info(let info))? = messages.first else {
            Issue.record("the bridge announced no panel first: \(messages.prefix(3))")
            return
        }
        #expect(info.boardName == BoardName("legacy"))
        #expect(info.panelWidth == 3000 && info.panelHeight == 2000, "panel \(info.panelWidth) x \(info.panelHeight) (0.1 mm)")
        let touches = messages.compactMap { message -> TrackedTouch? in
            guard case .device(.touch(let record)) = message else { return nil }
            return record.touch
        }
        let began = touches.filter { $0.phase == .began }
        try #require(began.count == 1, "touches downstream: \(touches.map(\.phase))")
        #expect(abs(began[0].position.x - 75) < 3 && abs(began[0].position.y - 100) < 3, "began at \(began[0].position)")
        #expect(touches.filter { $0.phase == .ended }.count == 1)
    }
}
