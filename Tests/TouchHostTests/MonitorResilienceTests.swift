import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// `touchhost monitor` as a user meets it when things go wrong: links that drop and come back,
/// ports that are missing, busy or forbidden, and controllers that speak an older protocol.
@Suite struct MonitorResilienceTests {
    static let folder = FileManager.default.temporaryDirectory

    /// Touch ids with their phases, and status names, from JSON lines.
    private func parse(_ lines: [String]) -> (touches: [Int: [String]], statuses: [String]) {
        var touches: [Int: [String]] = [:]
        var statuses: [String] = []
        for line in lines {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if object["type"] as? String == "status", let event = object["event"] as? String { statuses.append(event) }
            if let touch = TouchLine(line), touch.phase != "moved", touch.phase != "stationary" {
                touches[touch.id, default: []].append(touch.phase)
            }
        }
        return (touches, statuses)
    }

    private func expectEveryTouchEndsOnce(_ touches: [Int: [String]]) {
        for (id, phases) in touches {
            #expect(phases.first == "began", "touch \(id): \(phases)")
            #expect(phases.filter { $0 == "ended" || $0 == "cancelled" }.count == 1, "touch \(id): \(phases)")
        }
    }

    @Test func aDroppedTcpLinkIsReportedRetriedAndTheTouchDownIsCancelled() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(
            script: "0ms hold 100 100 for 1500ms\n1700ms tap 200 100\n", ["--link", "tcp:0", "--faults", "drop-link"])
        defer { emulator.stop() }
        let port = try #require(emulator.port, "\(emulator.announcement)")

        let monitor = try TouchHostBinary.run(binary, ["monitor", "tcp:localhost:\(port)", "--json", "--until-idle", "1"], timeout: 30)
        #expect(monitor.status == 0, "\(monitor.error)")
        let (touches, statuses) = parse(monitor.lines)
        let linkEvents = statuses.filter { $0 == "disconnected" || $0 == "reconnected" }
        #expect(linkEvents == ["disconnected", "reconnected"], "statuses: \(statuses)")
        #expect(touches.values.contains { $0.contains("cancelled") }, "the held touch was not cancelled: \(touches)")
        // The tap after the reconnect arrives whole.
        #expect(touches.values.filter { $0 == ["began", "ended"] }.count >= 1, "\(touches)")
        expectEveryTouchEndsOnce(touches)
    }

    @Test func aPtyWhoseEmulatorIsRestartedIsFoundAgain() throws {
        let binary = try TouchHostBinary.locate()
        let alias = Self.folder.appendingPathComponent("touchhost-restart-\(getpid())").path
        defer { unlink(alias) }
        // The monitor watches a fixed name; each emulator gets its own pty, so the name is re-pointed.
        func point(_ target: String) throws {
            let staging = alias + ".new"
            unlink(staging)
            guard symlink(target, staging) == 0, rename(staging, alias) == 0 else {
                throw TouchHostBinary.Failure(description: "cannot point \(alias) at \(target)")
            }
        }
        let first = try EmulatedController(script: "0ms hold 100 100 for 5000ms\n")
        defer { first.stop() }
        try point(first.address)
        let monitor = try TouchHostBinary.start(binary, ["monitor", alias, "--until-idle", "5"])
        defer { monitor.stop() }
        let header = try #require(monitor.firstLine(), "the monitor printed nothing")
        #expect(header.hasPrefix(alias))
        // The held finger's first line: the monitor is reading the first emulator.
        let held = try #require(monitor.firstLine(timeout: 15), "the monitor saw no touch from the first emulator")
        first.stop()
        let second = try EmulatedController(script: "0ms tap 150 80\n")
        defer { second.stop() }
        try point(second.address)

        let lines = [held] + monitor.remainingLines(timeout: 30)
        let disconnected = try #require(lines.firstIndex { $0.contains("status disconnected") }, "\(lines)")
        #expect(lines[disconnected].contains(alias) && lines[disconnected].contains("went away"), "\(lines[disconnected])")
        let reconnected = try #require(lines.firstIndex { $0.contains("status reconnected") }, "\(lines)")
        #expect(reconnected > disconnected)
        let began = lines.filter { $0.contains("touch ") && $0.contains(" began ") }.count
        let finished = lines.filter { $0.contains("touch ") && ($0.contains(" ended ") || $0.contains(" cancelled ")) }.count
        #expect(began == 2 && finished == 2, "\(lines)")
        #expect(lines[..<reconnected].contains { $0.contains(" cancelled ") }, "\(lines)")
    }

    @Test func aMissingPortIsOneLineNamingItAndTheCause() throws {
        let path = "/dev/touchhost-missing-\(getpid())"
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["monitor", path], timeout: 10)
        #expect(result.status == 1)
        #expect(result.error == "touchhost: \(path): no such port\n", "\(result.error)")
    }

    @Test func aPortAnotherMonitorHoldsIsBusy() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController()
        defer { emulator.stop() }
        let pty = emulator.address
        let holder = try TouchHostBinary.start(binary, ["monitor", pty, "--duration", "10"])
        defer { holder.stop() }
        #expect(holder.firstLine()?.hasPrefix(pty) == true)
        let second = try TouchHostBinary.run(binary, ["monitor", pty], timeout: 10)
        #expect(second.status == 1)
        #expect(second.error == "touchhost: \(pty): port is busy (another program has it open)\n", "\(second.error)")
    }

    /// Root opens anything, so as root the forbidden port is opened and found silent instead:
    /// still one line naming the port, still status 1.
    @Test func aPortWithoutPermissionIsOneLineNamingIt() throws {
        let path = Self.folder.appendingPathComponent("touchhost-forbidden-\(getpid())").path
        FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        chmod(path, 0)
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["monitor", path], timeout: 15)
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("touchhost: \(path): "), "\(result.error)")
        if getuid() != 0 { #expect(result.error.contains("permission denied"), "\(result.error)") }
    }

    @Test(arguments: [LegacyProtocol.elo, .mtouch, .penmount6250, .egalax])
    func legacyPacketsOnAPtyBecomeTouches(_ kind: LegacyProtocol) throws {
        let binary = try TouchHostBinary.locate()
        let pty = try PseudoTerminal()
        let name = "\(kind.name)"
        let monitor = try TouchHostBinary.start(
            binary, ["monitor", pty.path, "--protocol", name, "--size", "300x200", "--json", "--until-idle", "2"])
        defer { monitor.stop() }
        try #require(
            TouchHostBinary.waitUntilSetUp(pty.path, by: monitor.process.processIdentifier), "the monitor never opened \(pty.path)")
        let range = kind.defaultRange
        func raw(_ fraction: Double, _ from: Int32, _ to: Int32) -> UInt16 { UInt16(Double(from) + fraction * Double(to - from)) }
        let x = raw(0.25, range.minX, range.maxX), y = raw(0.5, range.minY, range.maxY)
        for step in 0..<8 {
            try pty.link.write(LegacyWire.touch(kind, touching: true, x: x &+ UInt16(step * 8), y: y))
            usleep(15_000)
        }
        try pty.link.write(LegacyWire.touch(kind, touching: false, x: x &+ 56, y: y))
        let lines = monitor.remainingLines(timeout: 15)
        let touches = lines.compactMap(TouchLine.init)
        let began = touches.filter { $0.phase == "began" }
        try #require(began.count == 1, "\(lines)")
        #expect(abs(began[0].position.x - 75) < 3 && abs(began[0].position.y - 100) < 3, "\(began[0].summary)")
        #expect(touches.filter { $0.phase == "ended" && $0.id == began[0].id }.count == 1, "\(lines)")
    }
}

/// `monitor --contacts-from heatmap` against the emulator: the host finds the touches itself.
@Suite struct MonitorHeatmapTests {
    @Test func touchesFoundInHeatmapsBeginAndEndWhereTheScriptSays() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: "0ms hold 100 60 for 800ms\n1000ms drag from 60 120 to 160 120 in 1000ms\n")
        defer { emulator.stop() }
        let monitor = try TouchHostBinary.run(
            binary, ["monitor", emulator.address, "--contacts-from", "heatmap", "--json", "--until-idle", "1"], timeout: 30)
        #expect(monitor.status == 0, "\(monitor.error)")
        let touches = monitor.lines.compactMap(TouchLine.init)
        let began = touches.filter { $0.phase == "began" }
        try #require(began.count == 2, "\(touches.map(\.summary))")
        #expect(began[0].position.distance(to: PanelPoint(x: 100, y: 60)) < 1.5, "\(began[0].summary)")
        let dragEnd = try #require(touches.last { $0.id == began[1].id && $0.phase == "ended" }, "the drag never ended")
        // Heatmaps come every 100 ms or so: the last one seen may be a few mm short of the end.
        #expect(dragEnd.position.distance(to: PanelPoint(x: 160, y: 120)) < 12, "\(dragEnd.summary)")
        #expect(touches.filter { $0.phase == "ended" }.count == 2)
    }
}
