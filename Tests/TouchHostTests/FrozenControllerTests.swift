import Foundation
import Testing
import TouchCore

/// A controller that freezes with a finger held (the emulator stopped with SIGSTOP): nobody knows
/// what the finger did next, so its touch and the long press it was making come out `cancelled`,
/// never `ended`, in the JSON stream and through the C API (contracts.md section 6).
@Suite(.serialized) struct FrozenControllerTests {
    /// Held long enough that the long press begins, and still held when the controller freezes.
    static let script = "0ms hold 150 100 for 6s\n"

    /// The emulator, started on a pseudo-terminal with the held finger's script.
    static func startEmulator() throws -> (TouchHostBinary.Running, pty: String, cleanup: () -> Void) {
        let binary = try TouchHostBinary.locate()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("frozen-\(getpid()).touch")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let emulator = try TouchHostBinary.start(binary, ["emulate", "--board", "kiosk-15", "--script", file.path])
        let first = emulator.firstLine() ?? ""
        let cleanup = {
            kill(emulator.process.processIdentifier, SIGCONT)
            emulator.stop()
            try? FileManager.default.removeItem(at: file)
        }
        guard first.hasPrefix("pty: ") else {
            cleanup()
            throw TouchHostBinary.Failure(description: "the emulator printed '\(first)'")
        }
        return (emulator, String(first.dropFirst("pty: ".count)), cleanup)
    }

    @Test func monitorJSONCancelsTheTouchAndTheLongPressOfAFrozenController() throws {
        let binary = try TouchHostBinary.locate()
        let (emulator, pty, cleanup) = try Self.startEmulator()
        defer { cleanup() }
        let monitor = try TouchHostBinary.start(binary, ["monitor", pty, "--json", "--duration", "4"])
        defer { monitor.stop() }
        // The script starts at the handshake; the long press begins 0.5 s into it.
        usleep(1_500_000)
        kill(emulator.process.processIdentifier, SIGSTOP)
        let lines = monitor.remainingLines(timeout: 10)
        let touches = lines.compactMap(TouchLine.init)
        let longPress = lines.filter { $0.contains("\"name\":\"long-press\"") }
        #expect(touches.filter { $0.phase == "began" }.count == 1, "\(lines)")
        #expect(touches.filter { $0.phase == "cancelled" }.count == 1, "\(lines)")
        #expect(!touches.contains { $0.phase == "ended" }, "\(lines)")
        #expect(longPress.contains { $0.contains("\"state\":\"began\"") }, "\(lines)")
        #expect(longPress.contains { $0.contains("\"state\":\"cancelled\"") }, "\(lines)")
        #expect(!longPress.contains { $0.contains("\"state\":\"ended\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("\"event\":\"report-timeout\"") }, "\(lines)")
    }

    @Test func theCAPICancelsTheTouchAndTheLongPressOfAFrozenController() throws {
        let program = try CAPILibrary.program("CTests/c/source_loop.c", "source_loop")
        let (emulator, pty, cleanup) = try Self.startEmulator()
        defer { cleanup() }
        let running = CAPIProcess.start(program, [pty, "15000"])
        usleep(1_500_000)
        kill(emulator.process.processIdentifier, SIGSTOP)
        usleep(1_500_000)
        // The frozen controller finally goes away: the program sees its disconnect and ends.
        emulator.stop()
        let result = running.finish(timeout: 20)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("gesture long-press began"), "\(result.output)")
        #expect(lines.contains("gesture long-press cancelled"), "\(result.output)")
        #expect(!lines.contains("gesture long-press ended"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("touches began 1 ended 1") }, "\(result.output)")
    }
}
