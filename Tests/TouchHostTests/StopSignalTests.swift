import Foundation
import Testing
import TouchCore
import TouchHost

/// `monitor`, `record`, `bridge`, `replay` and `demo` stopped by SIGINT, SIGTERM or SIGHUP with a
/// finger down: what is live is `cancelled` (nobody lifted it), the output is flushed and the exit
/// status is 128 + the signal. `--duration` cuts the input the same way.
@Suite(.serialized) struct StopSignalTests {
    static let held = "0ms hold 150 100 for 8s\n"

    /// Lines until one satisfies `found` (included), or nil after `timeout` seconds.
    private func lines(of running: TouchHostBinary.Running, until found: (String) -> Bool, timeout: TimeInterval = 15) -> [String]? {
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, let line = running.firstLine(timeout: deadline.timeIntervalSinceNow) {
            lines.append(line)
            if found(line) { return lines }
        }
        return nil
    }

    static let signals: [(Int32, String)] = [(SIGINT, "--json"), (SIGTERM, "--json"), (SIGHUP, "--json"), (SIGTERM, "--lines")]

    @Test(arguments: 0..<signals.count)
    func monitorCancelsTheTouchDownAndExitsWithTheSignalsStatus(_ index: Int) throws {
        let (signal, output) = Self.signals[index]
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: Self.held)
        defer { emulator.stop() }
        let pty = emulator.address
        let monitor = try TouchHostBinary.start(binary, ["monitor", pty, output])
        defer { monitor.stop() }
        let before = try #require(lines(of: monitor) { $0.contains("began") }, "the touch never began")
        kill(monitor.process.processIdentifier, signal)
        let after = monitor.remainingLines(timeout: 10)
        #expect(monitor.process.terminationReason == .exit, "killed instead of exiting: \(after)")
        #expect(monitor.process.terminationStatus == 128 + signal, "\(after)")
        let all = before + after
        if output == "--json" {
            var promises = StreamPromises(capacity: 20)
            promises.check(all)
            promises.finish()
            #expect(promises.violations.isEmpty && promises.cancelled == 1 && promises.ended == 0, "\(promises.violations) \(all)")
        } else {
            #expect(after.contains { $0.contains(" cancelled ") }, "\(all)")
            #expect(!after.contains { $0.contains(" ended ") }, "\(all)")
        }
    }

    /// `--duration` cuts the input: the touch still down is cancelled, with no report timeout.
    @Test func monitorDurationCancelsTheTouchDown() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: Self.held)
        defer { emulator.stop() }
        let pty = emulator.address
        let result = try TouchHostBinary.run(binary, ["monitor", pty, "--json", "--duration", "1.5"], timeout: 20)
        #expect(result.status == 0, "\(result.error)")
        var promises = StreamPromises(capacity: 20)
        promises.check(result.lines)
        promises.finish()
        #expect(promises.violations.isEmpty, "\(promises.violations)")
        #expect(promises.began == 1 && promises.cancelled == 1 && promises.ended == 0, "\(result.lines)")
        #expect(!promises.statuses.contains("report-timeout"), "\(result.lines)")
    }

    @Test func recordEndsOnSIGINTWithAWholeRecording() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: Self.held)
        defer { emulator.stop() }
        let pty = emulator.address
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("signal-\(getpid()).threc")
        defer { try? FileManager.default.removeItem(at: file) }
        let record = try TouchHostBinary.start(binary, ["record", pty, "-o", file.path])
        defer { record.stop() }
        // Recording under way with the finger down: the handshake and a few dozen reports written.
        let underWay = RealTime.waitUntil(timeout: 15) {
            ((try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n").count ?? 0) > 40
        }
        try #require(underWay, "the recording never got going")
        kill(record.process.processIdentifier, SIGINT)
        _ = record.remainingLines(timeout: 10)
        #expect(record.process.terminationReason == .exit)
        #expect(record.process.terminationStatus == 130)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let replay = try TouchHostBinary.run(binary, ["replay", file.path, "--json"], timeout: 30)
        #expect(replay.status == 0, "\(replay.error)")
        #expect(replay.lines.contains { $0.contains(#""phase":"began""#) }, "\(replay.lines)")
    }

    @Test func bridgeSendsTheCancelDownstreamOnSIGTERM() throws {
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: Self.held)
        defer { emulator.stop() }
        let pty = emulator.address
        let downstream = try PseudoTerminal()
        let bridge = try TouchHostBinary.start(binary, ["bridge", pty, "--out", downstream.path])
        defer { bridge.stop() }
        var decoder = FrameDecoder()
        var phases: [TouchPhase] = []
        func read(until done: () -> Bool, timeout: TimeInterval) {
            let deadline = Date().addingTimeInterval(timeout)
            while !done(), Date() < deadline {
                guard downstream.link.waitForInput(milliseconds: 50) else { continue }
                var bytes: [UInt8] = []
                _ = try? downstream.link.read(into: &bytes)
                for byte in bytes {
                    if case .device(.touch(let record))? = decoder.push(byte) { phases.append(record.touch.phase) }
                }
            }
        }
        read(until: { phases.contains(.began) }, timeout: 15)
        try #require(phases.contains(.began), "no touch came downstream")
        kill(bridge.process.processIdentifier, SIGTERM)
        read(until: { phases.contains(.cancelled) }, timeout: 10)
        _ = bridge.remainingLines(timeout: 10)
        #expect(phases.filter { $0 == .cancelled }.count == 1, "\(phases)")
        #expect(!phases.contains(.ended), "\(phases)")
        #expect(bridge.process.terminationReason == .exit)
        #expect(bridge.process.terminationStatus == 143)
    }

    /// The reader stops reading, so replay blocks on a full pipe with a finger held; SIGTERM then
    /// ends the replay where it was, the held finger cancelled, everything written out.
    @Test func replayEndsOnSIGTERMWithTheLiveTouchesCancelled() throws {
        let binary = try TouchHostBinary.locate()
        var script = "0ms down 9 300 150\n"
        for step in 0..<600 { script += "\(step + 1)s drag from 40 40 to 240 60 in 300ms\n" }
        script += "602s up 9\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("signal-replay-\(getpid()).touch")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let replay = try TouchHostBinary.start(binary, ["replay", file.path, "--json"])
        defer { replay.stop() }
        usleep(1_500_000)
        try #require(replay.process.isRunning, "the replay ended before the pipe filled")
        kill(replay.process.processIdentifier, SIGTERM)
        let lines = replay.remainingLines(timeout: 20)
        #expect(replay.process.terminationReason == .exit)
        #expect(replay.process.terminationStatus == 143)
        var promises = StreamPromises(capacity: 20)
        promises.check(lines)
        promises.finish()
        #expect(promises.violations.isEmpty, "\(promises.violations.prefix(5))")
        #expect(promises.cancelled >= 1, "\(lines.suffix(5))")
        #expect(lines.last.map { $0.hasPrefix("{") && $0.hasSuffix("}") } ?? false, "\(lines.suffix(2))")
    }

    @Test func demoEndsOnSIGINTWithThePanCancelled() throws {
        let binary = try TouchHostBinary.locate()
        let demo = try TouchHostBinary.start(binary, ["demo", "--json"])
        defer { demo.stop() }
        let before = try #require(
            lines(of: demo, until: { $0.contains(#""name":"pan""#) && $0.contains(#""state":"began""#) }, timeout: 30),
            "the tour's pan never began")
        kill(demo.process.processIdentifier, SIGINT)
        let after = demo.remainingLines(timeout: 10)
        #expect(demo.process.terminationReason == .exit)
        #expect(demo.process.terminationStatus == 130)
        var promises = StreamPromises(capacity: 20)
        promises.check(before + after)
        promises.finish()
        #expect(promises.violations.isEmpty, "\(promises.violations)")
        #expect(after.contains { $0.contains(#""name":"pan""#) && $0.contains(#""state":"cancelled""#) }, "\(after)")
        #expect(after.contains { $0.contains(#""phase":"cancelled""#) }, "\(after)")
    }
}
