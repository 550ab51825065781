import Foundation
import Testing

/// `touchhost monitor` in a real terminal: tmux runs it at 120 x 40 against the emulator playing a
/// script; the pane is read back as a person would see it, then Ctrl-C must leave a clean terminal.
@Suite(.serialized) struct MonitorTerminalTests {
    static let script = """
        0ms     tap   100 60
        1200ms  hold  250 120 for 9000ms
        """

    static var tmux: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tmux client to its end. Its output goes through a file, not a pipe: the tmux server
    /// that `new-session` starts inherits the client's descriptors and would hold a pipe open forever.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try FileHandle(forWritingTo: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = arguments.contains("new-session") ? FileHandle.nullDevice : output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Polled like TouchHostBinary.run: waitUntilExit can hang off the main thread.
        _ = RealTime.waitUntil(timeout: 10) { !process.isRunning }
        try output.close()
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    @Test(.enabled(if: tmux != nil, "tmux is not installed: the live view needs a terminal to be tested in"))
    func theLiveViewShowsDeviceTouchGestureAndCountersAndCtrlCRestoresTheTerminal() throws {
        let tmux = try #require(Self.tmux)
        let binary = try TouchHostBinary.locate()
        let emulator = try EmulatedController(script: Self.script, ["--board", "kiosk-15"])
        defer { emulator.stop() }
        let pty = emulator.address

        let socket = "touchhost-test-\(getpid())"
        let session = "monitor"
        func tmuxRun(_ arguments: [String]) throws -> String { try Self.run(tmux, ["-L", socket] + arguments) }
        _ = try tmuxRun([
            "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
            "\(binary.path) monitor \(pty); echo monitor-exited-$?; sleep 15",
        ])
        // Children of the test runner inherit its blocked signals, so `kill-server` alone may leave
        // the server behind: it is killed outright, and so is the pane's process group (its shell
        // and the monitor), which would otherwise outlive a failed run holding the pty.
        func pid(_ format: String) throws -> Int32? {
            Int32(try tmuxRun(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let server = try pid("#{pid}")
        let pane = try pid("#{pane_pid}")
        defer {
            if let pane, pane > 1 { kill(-pane, SIGKILL) }
            _ = try? tmuxRun(["kill-server"])
            if let server, server > 1 { kill(server, SIGKILL) }
        }

        func screen() throws -> String { try tmuxRun(["capture-pane", "-p", "-t", session]) }
        func waitFor(_ seconds: Double, _ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(seconds)
            var text = try screen()
            while !condition(text), Date() < deadline {
                usleep(200_000)
                text = try screen()
            }
            return text
        }

        let marker = try Regex("\\|[ .]*[0-9A-Z]#[0-9]+")
        let live = try waitFor(20) { text in
            text.contains("tap recognized") && text.contains(marker)
        }
        #expect(live.contains("kiosk-15"), "no board name in the header:\n\(live)")
        #expect(live.contains("tap recognized"), "no gesture in the list:\n\(live)")
        #expect(live.contains(marker), "no touch marker on the map:\n\(live)")
        #expect(live.contains("COUNTERS"))
        let frames = try #require(live.firstMatch(of: try Regex("frames +([0-9]+)"))?.output[1].substring)
        #expect((Int(frames) ?? 0) > 0, "frames counter: \(frames)")
        #expect(try tmuxRun(["display-message", "-p", "-t", session, "#{alternate_on}"]).hasPrefix("1"), "the view is on the alternate screen")

        _ = try tmuxRun(["send-keys", "-t", session, "C-c"])
        let after = try waitFor(10) { $0.contains("monitor-exited-") }
        #expect(after.contains("monitor-exited-130"), "monitor did not end on Ctrl-C:\n\(after)")
        #expect(!after.contains("COUNTERS"), "the live view is still on screen:\n\(after)")
        #expect(try tmuxRun(["display-message", "-p", "-t", session, "#{alternate_on}"]).hasPrefix("0"), "still on the alternate screen")
        #expect(try tmuxRun(["display-message", "-p", "-t", session, "#{cursor_flag}"]).hasPrefix("1"), "the cursor is still hidden")
    }
}
