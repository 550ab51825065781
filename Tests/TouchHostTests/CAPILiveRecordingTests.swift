import Foundation
import Testing

/// Recording from C: a kiosk loop records its emulated controller's link with
/// th_context_start_recording, and `touchhost replay` on the file gives the events it saw live.
@Suite("CAPI live recording", .serialized)
struct CAPILiveRecordingTests {
    struct Tour: CustomTestStringConvertible, Sendable {
        var script: String
        /// The gesture after which the program stops recording: name, state, how many.
        var stopAfter: (String, String, Int)
        var testDescription: String { script }
    }

    static let tours = [
        Tour(script: "kiosk_tour.touch", stopAfter: ("tap", "recognized", 3)),
        Tour(script: "tap_pinch_drag.touch", stopAfter: ("pan", "ended", 1)),
    ]

    @Test(arguments: tours)
    func replayOfTheRecordingGivesTheEventsTheKioskSaw(_ tour: Tour) throws {
        let program = try CAPILibrary.program("CTests/c/record_live.c", "record_live")
        let script = CAPILibrary.source("CTests/c/fixtures/\(tour.script)")
        let file = CAPILibrary.scratch("\(tour.script).threc")
        let (name, state, count) = tour.stopAfter
        let live = CAPIProcess.run(program, ["emulate:kiosk-15?script=\(script)", file, name, state, "\(count)"], timeout: 60)
        #expect(live.status == 0, "\(live.output)")
        #expect(live.output.contains("record_live: ok"), "\(live.output)")
        let seen = live.output.split(separator: "\n").compactMap { Observed(cLine: String($0)) }
        #expect(seen.contains { $0.what == "gesture \(name) \(state)" }, "\(live.output)")

        let replay = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", file, "--json"], timeout: 60)
        #expect(replay.status == 0, "\(replay.error)")
        let replayed = replay.lines.compactMap { Observed(jsonLine: $0) }
        #expect(replayed.count == seen.count, "live \(seen.count) events, replayed \(replayed.count)")
        for (a, b) in zip(seen, replayed) where !a.matches(b) {
            Issue.record("live: \(a), replayed: \(b)")
            break
        }
    }
}

/// One touch or gesture event: what happened, where (mm) and when (device time, ms).
private struct Observed: CustomStringConvertible {
    var what: String
    var x, y, milliseconds: Double

    /// `touch ID PHASE X Y T` or `gesture NAME STATE X Y T` (T in µs), as record_live prints them.
    init?(cLine line: String) {
        let f = line.split(separator: " ").map(String.init)
        guard f.count == 6, f[0] == "touch" || f[0] == "gesture",
            let x = Double(f[3]), let y = Double(f[4]), let t = Double(f[5])
        else { return nil }
        what = f[0...2].joined(separator: " ")
        (self.x, self.y, milliseconds) = (x, y, t / 1_000)
    }

    /// A touch or gesture line of the JSON event stream (contracts.md section 3).
    init?(jsonLine line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let type = object["type"] as? String, let t = object["t"] as? Double,
            let x = object["x"] as? Double, let y = object["y"] as? Double
        else { return nil }
        switch type {
        case "touch":
            guard let id = object["id"] as? Int, let phase = object["phase"] as? String else { return nil }
            what = "touch \(id) \(phase)"
        case "gesture":
            guard let name = object["name"] as? String, let state = object["state"] as? String else { return nil }
            what = "gesture \(name) \(state)"
        default:
            return nil
        }
        (self.x, self.y, milliseconds) = (x, y, t)
    }

    /// The same event at the same place (the stream prints positions to a hundredth). Times are
    /// not compared: after a silence the live session let its timers run on the host's clock at
    /// moments no byte records, and a loaded machine slows the emulated controller's clock, so
    /// device times after a pause can move (docs/c-api.md "Recording").
    func matches(_ other: Observed) -> Bool {
        what == other.what && abs(x - other.x) <= 0.006 && abs(y - other.y) <= 0.006
    }

    var description: String { "\(what) at \(x), \(y) mm, \(milliseconds) ms" }
}
