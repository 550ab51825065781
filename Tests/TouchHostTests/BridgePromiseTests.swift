import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// What `touchhost bridge` promises its downstream host (docs/protocol.md): it describes the device
/// as soon as it starts, and under `--screen` the panel it announces holds every touch it sends,
/// whatever the calibration maps. Run through the binary, the emulator upstream.
@Suite(.serialized) struct BridgePromiseTests {

    /// Every device frame the downstream side hears within `seconds`, never asking for anything.
    private func listen(_ downstream: PseudoTerminal, seconds: TimeInterval) -> [DeviceMessage] {
        var decoder = FrameDecoder()
        var heard: [DeviceMessage] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard downstream.link.waitForInput(milliseconds: 50) else { continue }
            var bytes: [UInt8] = []
            _ = try? downstream.link.read(into: &bytes)
            for byte in bytes {
                if case .device(let message)? = decoder.push(byte) { heard.append(message) }
            }
        }
        return heard
    }

    /// A calibration that maps the panel a tenth past the screen on every side (allowed: a panel
    /// mounted a little off its display), and touches at the panel's corners: they land off the
    /// screen, and the bridge holds them to the screen it announces.
    @Test func theBridgeDescribesTheDeviceFirstAndItsTouchesLieOnTheScreenItAnnounces() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: "0ms tap 1 1\n300ms tap 344 193\n600ms hold 2 190 for 5s\n")
        defer { emulator.stop() }
        let pty = emulator.address
        let calibration = try TouchHostBinary.temporaryFile(
            "wide.calibration", "matrix 1.2 0 -0.1 0 1.2 -0.1\nscreen 1920 1080\n")
        defer { try? FileManager.default.removeItem(at: calibration) }
        let downstream = try PseudoTerminal()
        let bridge = try TouchHostBinary.start(binary, ["bridge", pty, "--out", downstream.path, "--calibration", calibration.path])
        defer { bridge.stop() }
        let heard = listen(downstream, seconds: 4)
        guard case .info(let info)? = heard.first else {
            Issue.record("the first frame downstream is not the device's info: \(heard.prefix(3))")
            return
        }
        #expect(info.panelWidth == 19_200 && info.panelHeight == 10_800, "\(info)")
        var touches = 0
        for case .touch(let record) in heard {
            touches += 1
            let position = record.touch.position
            #expect((0...1920).contains(position.x) && (0...1080).contains(position.y), "\(record.touch)")
        }
        #expect(touches >= 4, "\(heard)")
    }

    /// A calibration file's screen line can say more than an info frame can: refused, not cut.
    @Test func aScreenLargerThanAnInfoFrameCanSayIsRefused() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: "0ms tap 10 10\n")
        defer { emulator.stop() }
        let pty = emulator.address
        let calibration = try TouchHostBinary.temporaryFile("huge.calibration", "matrix 1 0 0 0 1 0\nscreen 10000 1000\n")
        defer { try? FileManager.default.removeItem(at: calibration) }
        let downstream = try PseudoTerminal()
        let run = try TouchHostBinary.run(binary, ["bridge", pty, "--out", downstream.path, "--calibration", calibration.path], timeout: 30)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(calibration.path): screen 10000x1000: a bridge announces at most \(BridgeLink.maximumScreenSide) pixels a side\n")
    }
}
