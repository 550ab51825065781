import Foundation
import Testing
@testable import TouchHost

/// Every input file goes through one bounded reader (`InputFile`): evemu recordings and their
/// descriptions, $1 logs, `.threc` recordings, template examples and calibration files are
/// refused past their limit, an endless device is read to the limit and no further, and what a
/// file within the limit describes is made as it is replayed, so memory follows the file's size,
/// never the number of frames or the time it describes. Each case ran the binary past 200 MB, or
/// aborted it, before (issue 26); each runs here under `ulimit -v` with its peak resident set read.
@Suite(.serialized) struct BoundedInputTests {
    static let peakMiB = 200.0

    private func measure(_ arguments: [String], timeout: TimeInterval) throws -> TouchHostBinary.Measured {
        try TouchHostBinary.measure(try TouchHostBinary.locate(), arguments, timeout: timeout, addressSpaceMiB: 1_024)
    }

    /// The lines that cost the most per byte: while a finger is down, every `SYN_REPORT` is a
    /// frame (about a kilobyte of contacts) made from 11 bytes. 16 MiB of them held as frames took
    /// gigabytes; made as replayed, the replay streams.
    @Test func anEvemuFileAtTheLimitOfFrameLinesReplaysInBoundedMemory() throws {
        let head = "N: t\nA: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\nE: 0 3 39 1\nE: 0 3 35 5\nE: 0 3 36 5\n"
        let line = "E: 0 0 0 0\n"
        let text = head + String(repeating: line, count: (InputFile.maximumBytes - head.utf8.count) / line.utf8.count)
        let file = try TouchHostBinary.temporaryFile("frames.events", text)
        defer { try? FileManager.default.removeItem(at: file) }
        // Replaying 1.5 million frames takes minutes in a debug build (and the finger never moves,
        // so nothing is printed meanwhile): what matters is that the load is done and the replay
        // under way within the bound. Before, the frames alone passed the address-space limit.
        let run = try measure(["replay", "--json", file.path], timeout: 20)
        #expect(run.timedOut || run.status == 0, "status \(run.status): \(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        #expect(run.peakMiB < Self.peakMiB, "peak \(run.peakMiB) MiB")
    }

    /// 200 000 points of a $1 log: each became a frame up front (228 MB).
    @Test func aLongUnistrokeLogReplaysInBoundedMemory() throws {
        let points = (0..<200_000).map { "<Point X=\"\($0 % 100)\" Y=\"1\" T=\"\($0)\"/>\n" }.joined()
        let file = try TouchHostBinary.temporaryFile("long.xml", "<Gesture Name=\"long01\">\n" + points + "</Gesture>\n")
        defer { try? FileManager.default.removeItem(at: file) }
        // The frames used to be made at load, so the peak came before any replay; on a busy
        // machine the first block of output may not be out within the timeout.
        let run = try measure(["replay", "--json", file.path], timeout: 15)
        #expect(run.timedOut || run.status == 0, "status \(run.status): \(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        #expect(run.peakMiB < Self.peakMiB, "peak \(run.peakMiB) MiB")
    }

    /// The `.threc` lines that cost the most per byte, up to the limit: 24 bytes an entry for 7
    /// bytes of file (a 30 MB file of them took far more than 200 MB; past 16 MiB it is refused).
    @Test func aRecordingAtTheLimitOfMinimalLinesIsHeldInBoundedMemory() throws {
        let head = "threc 1\n"
        let line = "0 < 00\n"
        let text = head + String(repeating: line, count: (InputFile.maximumBytes - head.utf8.count) / line.utf8.count)
        let file = try TouchHostBinary.temporaryFile("minimal.threc", text)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try measure(["replay", "--json", file.path], timeout: 20)
        #expect(run.timedOut || run.status == 0, "status \(run.status): \(run.error)")
        #expect(run.peakMiB < Self.peakMiB, "peak \(run.peakMiB) MiB")
    }

    /// Files larger than the limit are refused from their size (sparse: they take no disk).
    @Test(arguments: [
        ("big.events", ["replay"], "an evemu recording"),
        ("big.xml", ["replay"], "a $1 log"),
        ("big.threc", ["replay"], "a recording"),
        ("big.desc", ["replay", "--format", "evemu", "--desc"], "an evemu description"),
    ])
    func aFileLargerThanTheLimitIsRefusedFromItsSize(name: String, command: [String], what: String) throws {
        let file = try TouchHostBinary.temporaryFile(name, "")
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(InputFile.maximumBytes + 1))
        try handle.close()
        let events = try TouchHostBinary.temporaryFile("tap.events", "E: 0 3 39 1\nE: 0 0 0 0\nE: 0.1 3 39 -1\nE: 0.1 0 0 0\n")
        defer { try? FileManager.default.removeItem(at: events) }
        let arguments = name == "big.desc" ? command + [file.path, events.path] : command + [file.path]
        let run = try measure(arguments, timeout: 20)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(file.path): larger than 16 MiB, the most \(what) may hold\n")
        #expect(run.peakMiB < Self.peakMiB)
    }

    /// A device has no size to check: it is read to the limit, then refused, whatever it is given as.
    @Test(arguments: [
        (["replay", "/dev/zero", "--format", "evemu"], "/dev/zero: larger than 16 MiB, the most an evemu recording may hold"),
        (["replay", "/dev/zero", "--format", "unistroke"], "/dev/zero: larger than 16 MiB, the most a $1 log may hold"),
        (["replay", "/dev/zero", "--format", "threc"], "/dev/zero: line 1: longer than 1 MiB, no recording's line"),
        (["plot", "/dev/zero", "--format", "evemu", "-o", "/nonexistent/plot.svg"],
         "/dev/zero: larger than 16 MiB, the most an evemu recording may hold"),
    ])
    func anEndlessDeviceIsReadToTheLimit(arguments: [String], message: String) throws {
        let run = try measure(arguments, timeout: 60)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(message)\n")
        #expect(run.peakMiB < Self.peakMiB, "peak \(run.peakMiB) MiB")
    }

    /// A FIFO nobody writes to held `replay` in `open` for ever; now it reads as an empty file.
    @Test(arguments: [["--format", "script"], ["--format", "evemu"], ["--format", "threc"], ["--format", "unistroke"]])
    func aFIFOWithNoWriterDoesNotHoldTheReplay(format: [String]) throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(getpid())-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let run = try measure(["replay", fifo] + format, timeout: 20)
        #expect(!run.timedOut, "still waiting for a writer after 20 s")
        #expect(run.status == 0 || run.error.hasPrefix("touchhost: \(fifo): "), "\(run.error)")
    }

    @Test func anEndlessDescriptionIsReadToTheLimit() throws {
        let events = try TouchHostBinary.temporaryFile("tap.events", "E: 0 3 39 1\nE: 0 0 0 0\nE: 0.1 3 39 -1\nE: 0.1 0 0 0\n")
        defer { try? FileManager.default.removeItem(at: events) }
        let run = try measure(["replay", events.path, "--desc", "/dev/zero"], timeout: 60)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: /dev/zero: larger than 16 MiB, the most an evemu description may hold\n")
        #expect(run.peakMiB < Self.peakMiB)
    }

    /// 55 bytes describing an hour of ten fingers: `plot` gathered every position of it.
    @Test func aPlotOfAnHourOfTenFingersStopsAtItsCap() throws {
        let script = try TouchHostBinary.temporaryFile("hour.touch", "0ms drag from 10 10 to 300 180 in 3600s fingers 10 spread 5\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let output = script.path + ".svg"
        let run = try measure(["plot", script.path, "-o", output], timeout: 120)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(script.path): draws more than \(TouchPlot.maximumPoints) touch positions and gesture marks, the most a plot holds; plot a shorter part\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(run.peakMiB < Self.peakMiB, "peak \(run.peakMiB) MiB")
    }

    /// A template example whose first finger never lifts for an hour: its stroke is capped.
    @Test func aTemplateExampleOfAnHourLongStrokeIsRefusedAtItsCap() throws {
        let example = try TouchHostBinary.temporaryFile("long.touch", "0ms drag from 10 10 to 300 180 in 3600s\n")
        let input = try TouchHostBinary.temporaryFile("tap.touch", "0ms tap 50 50\n")
        defer {
            try? FileManager.default.removeItem(at: example)
            try? FileManager.default.removeItem(at: input)
        }
        let run = try measure(["replay", input.path, "--template", "long=\(example.path)"], timeout: 60)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(example.path): its first finger's stroke has more than \(TemplateExample.maximumPoints) positions, the most a template example may have\n")
        #expect(run.peakMiB < Self.peakMiB)
    }

    /// The limit's unit is the one that states it: a calibration file's 64 KiB was "0 MiB".
    @Test func aCalibrationFileOverItsLimitNamesTheLimitInKiB() throws {
        let calibration = try TouchHostBinary.temporaryFile("big.calibration", String(repeating: "# x\n", count: 20_000))
        let input = try TouchHostBinary.temporaryFile("tap.touch", "0ms tap 50 50\n")
        defer {
            try? FileManager.default.removeItem(at: calibration)
            try? FileManager.default.removeItem(at: input)
        }
        let run = try measure(["replay", input.path, "--calibration", calibration.path], timeout: 30)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(calibration.path): larger than 64 KiB, the most a calibration file may hold\n")
    }

    /// CRLF line ends: Swift reads "\r\n" as one Character, so the file was one line with "no E: event lines".
    @Test func anEvemuFileWithCRLFLineEndsReplaysAsItsLFTwin() throws {
        let text = "N: t\nA: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\nE: 0.000000 0003 0039 1\nE: 0.000000 0003 0035 50\n"
            + "E: 0.000000 0003 0036 50\nE: 0.000000 0000 0000 0\nE: 0.300000 0003 0035 900\nE: 0.300000 0000 0000 0\n"
            + "E: 0.400000 0003 0039 -1\nE: 0.400000 0000 0000 0\n"
        let lf = try TouchHostBinary.temporaryFile("lf.events", text)
        let crlf = try TouchHostBinary.temporaryFile("crlf.events", text.replacingOccurrences(of: "\n", with: "\r\n"))
        defer {
            try? FileManager.default.removeItem(at: lf)
            try? FileManager.default.removeItem(at: crlf)
        }
        let expected = try measure(["replay", "--json", lf.path], timeout: 30)
        let run = try measure(["replay", "--json", crlf.path], timeout: 30)
        #expect(expected.status == 0 && run.status == 0, "\(run.error)")
        #expect(!expected.lines.isEmpty)
        #expect(run.lines == expected.lines)
    }
}
