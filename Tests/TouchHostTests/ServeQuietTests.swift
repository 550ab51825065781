import Foundation
import Testing
import TouchCore
@testable import TouchHost

/// Issue 25, item 6, as a user runs it: `touchhost serve` on a legacy controller's port (a pty,
/// no uinput needed) with `--metrics`, a tap, then silence. Once the tap is counted and its timers
/// are past, serve sleeps in poll: it neither wakes nor rewrites its metrics file. (In the VM,
/// Tests/VM/serve-cost.sh holds the same of serve on a kernel input device with `--uinput`.)
@Suite struct ServeQuietTests {
    /// Voluntary context switches of all the process's threads: each sleep in poll is one.
    static func voluntarySwitches(_ pid: Int32) -> Int? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total = 0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
                let count = Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "")
            else { return nil }
            total += count
        }
        return total
    }

    @Test func aQuietServeNeitherWakesNorRewritesItsMetrics() throws {
        let binary = try TouchHostBinary.locate()
        let port = try PseudoTerminal()
        let metrics = FileManager.default.temporaryDirectory.appendingPathComponent("touchhost-quiet-\(getpid()).prom").path
        defer { unlink(metrics) }
        let serve = try TouchHostBinary.start(binary, ["serve", port.path + "?protocol=elo&size=300x200", "--metrics", metrics])
        defer { serve.stop() }
        let pid = serve.process.processIdentifier
        try #require(TouchHostBinary.waitUntilSetUp(port.path, by: pid), "serve never opened \(port.path)")
        let range = LegacyProtocol.elo.defaultRange
        let x = UInt16(Double(range.minX) + 0.5 * Double(range.maxX - range.minX))
        let y = UInt16(Double(range.minY) + 0.5 * Double(range.maxY - range.minY))
        try port.link.write(LegacyWire.touch(.elo, touching: true, x: x, y: y) + LegacyWire.touch(.elo, touching: false, x: x, y: y))

        // Real time: serve is another process on the host's clock. Generous for a busy machine.
        let counted = RealTime.waitUntil(timeout: 30) {
            let text = (try? String(contentsOfFile: metrics, encoding: .utf8)) ?? ""
            return text.contains("touchhost_touches_total{phase=\"began\"} 1") && !text.contains("touchhost_touches_total{phase=\"ended\"} 0")
        }
        try #require(counted, "the metrics never counted the tap: \((try? String(contentsOfFile: metrics, encoding: .utf8)) ?? "no file")")
        // The tap's timers (a double tap's window) and the file's one rewrite after it are past.
        RealTime.pause(1.5)
        let written = try FileManager.default.attributesOfItem(atPath: metrics)[.modificationDate] as? Date
        let before = try #require(Self.voluntarySwitches(pid))
        RealTime.pause(3)  // the quiet being measured
        let after = try #require(Self.voluntarySwitches(pid))
        #expect(serve.process.isRunning)
        // None expected; 2 allow for a machine so busy that the rewrite came late. The run loop's
        // old 250 ms safety net alone made 12 here, and the file was rewritten each second.
        #expect(after - before <= 2, "serve woke \(after - before) times in 3 quiet seconds")
        #expect(try FileManager.default.attributesOfItem(atPath: metrics)[.modificationDate] as? Date == written, "the metrics file was rewritten with nothing new")
    }
}
