import Foundation
import SharedDataSupport
import Testing
@testable import TouchHost

/// Issue 25's proof on a real Linux kernel, in one boot of Debian's kernel under QEMU
/// (scripts/linux-vm, driven by Tests/VM/run-suite.sh): (a) `serve --uinput` fed by emulated
/// controllers, read by libinput (checks made in the guest, Tests/VM/libinput-serve.sh); (b) every
/// evemu recording of the test data played into the kernel and read live by `serve`, whose event
/// stream must equal `touchhost replay` of the same file: the same touches at the same places and
/// the same gestures. Needs what scripts/setup installs and root (to read /boot/vmlinuz-*).
@Suite("Linux VM: serve and live input devices on a real kernel", .serialized)
struct LinuxVMTests {
    static let packageRoot = SharedTestData.packageRoot

    /// The recordings, each with the description evemu-device builds its device from.
    static func recordings() throws -> [(description: URL, events: URL, name: String)] {
        let files = try SharedTestData.files(in: "evemu", extensions: ["events", "event"])
        return try files.enumerated().map { index, events in
            let text = try String(contentsOf: events, encoding: .utf8)
            let description = text.split(separator: "\n").contains { $0.hasPrefix("A:") }
                ? events.path : EvemuImporter.descriptionFile(for: events.path)
            guard let description else { throw TouchHostBinary.Failure(description: "\(events.path): no description file") }
            return (URL(fileURLWithPath: description), events, "recording-\(index)")
        }
    }

    /// The checks the guest makes and must report: (a) libinput on serve's touchscreen, the bindings'
    /// keys read back from the kernel, and serve's cost (Tests/VM/serve-cost.sh).
    static let guestChecks = [
        "a-touch-count", "a-tap", "a-drag-start", "a-drag-end", "a-two-fingers", "a-palm-absent-tap-present",
        "a-stall-released-in-one-frame", "bind-swipe-left-key-back", "bind-long-press-btn-right", "bind-order",
        "cost-serve-ended", "cost-histogram", "cost-latency-median", "cost-latency-p99", "cost-quiet", "cost-memory-flat",
    ]

    static let costRecording = "evemu/N-Trig MultiTouch.1-finger-drag-NW-SE.events"

    @Test func aRealKernelSeesServesTouchesAndServeReadsLiveDevicesAsTheirRecordings() throws {
        let binary = try TouchHostBinary.locate()
        let recordings = try Self.recordings()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("touchhost-vm-\(getpid())")
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let manifest = output.appendingPathComponent("manifest")
        var lines: [String] = []
        for recording in recordings {
            let prime = output.appendingPathComponent("\(recording.name).prime")
            try Self.priming(recording.events).write(to: prime, atomically: true, encoding: .utf8)
            lines.append("\(recording.description.path)\t\(recording.events.path)\t\(recording.name)\t\(prime.path)\n")
        }
        // The flood (scenario c): the longest recording that ends with no finger down, played while serve does not read.
        func size(_ url: URL) -> Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }
        let flood = try recordings.filter { recording in
            try !EvemuImporter().load(events: recording.events.path, description: recording.description.path).endsWithTouchesDown
        }.max { size($0.events) < size($1.events) }
        if let flood {
            lines.append("\(flood.description.path)\t\(flood.events.path)\tflood\t\(output.appendingPathComponent("\(flood.name).prime").path)\n")
        }
        // The C API (scenario d) reads the shortest of them.
        let quiet = try recordings.filter { recording in
            try !EvemuImporter().load(events: recording.events.path, description: recording.description.path).endsWithTouchesDown
        }
        if let short = quiet.min(by: { size($0.events) < size($1.events) }) {
            lines.append("\(short.description.path)\t\(short.events.path)\tcapi\t\(output.appendingPathComponent("\(short.name).prime").path)\n")
        }
        // The cost (Tests/VM/serve-cost.sh) is measured on one recording played over and over: a
        // 1.6 s one-finger drag (N-Trig, about 150 reports), which ends with the finger up.
        let costFile = try SharedTestData.file(Self.costRecording)
        guard let cost = recordings.first(where: { $0.events.standardizedFileURL == costFile.standardizedFileURL }) else {
            throw TouchHostBinary.Failure(description: "\(Self.costRecording) is not among the recordings")
        }
        lines.append("\(cost.description.path)\t\(cost.events.path)\tcost\t\(output.appendingPathComponent("\(cost.name).prime").path)\n")
        try lines.joined().write(to: manifest, atomically: true, encoding: .utf8)
        let capi = try CAPILibrary.program("CTests/c/live_device.c", "live_device")
        let anchor = try SharedTestData.file("evemu/N-Trig MultiTouch.desc")

        let suite = Self.packageRoot.appendingPathComponent("Tests/VM/run-suite.sh")
        // The guest's own timeout (scripts/linux-vm, 900 s) ends QEMU first.
        let run = try TouchHostBinary.run(suite, [binary.path, output.path, manifest.path, anchor.path, capi], timeout: 1_000)
        let log = run.lines.joined(separator: "\n") + "\n" + run.error
        let checks = run.lines.filter { $0.hasPrefix("CHECK ") }
        for name in Self.guestChecks {
            #expect(checks.contains { $0.hasPrefix("CHECK \(name) ") }, "the guest made no check \(name):\n\(log)")
        }
        // The other live commands on a kernel device, where the tree has their script (Tests/VM/guest.sh calls it).
        if FileManager.default.fileExists(atPath: Self.packageRoot.appendingPathComponent("Tests/VM/live-commands.sh").path) {
            #expect(checks.contains { $0.hasPrefix("CHECK live-") }, "Tests/VM/live-commands.sh made no check:\n\(log)")
        }
        for check in checks { #expect(check.split(separator: " ").dropFirst(2).first == "ok", "\(check)\n\(log)") }
        // The measured figures, for docs/system.md (the checks above hold them to their bounds).
        for line in run.lines where line.hasPrefix("COST ") || line.hasPrefix("touchhost_report_to_uinput") || line.hasPrefix("touchhost_serve_work") { print(line) }
        #expect(run.status == 0, "the VM suite failed:\n\(log)")

        // (c): serve stopped while the kernel's buffer overflowed, then read on: a resync, and no
        // touch stuck: seconds after the recording ended with every finger up, none is down.
        #expect(flood != nil, "no recording ends with every finger lifted")
        #expect(run.lines.contains { $0.hasSuffix("evemu flood: touches still down after the flood: 0") }, "the flood left a touch down:\n\(log)")
        let floodStream = (try? String(contentsOf: output.appendingPathComponent("evemu/flood.json"), encoding: .utf8)) ?? ""
        #expect(floodStream.contains("\"event\":\"resync\""), "the flood provoked no SYN_DROPPED:\n\(log)")

        // (d): the C API opened the live device and saw every touch begin and finish.
        #expect(run.lines.contains { $0.hasPrefix("evemu capi: status 0") }, "the C API did not read the live device:\n\(log)")

        var compared = 0
        var paced = 0
        var differences: [String] = []
        for recording in recordings {
            let file = recording.events.lastPathComponent
            let livePath = output.appendingPathComponent("evemu/\(recording.name).json")
            let liveText = (try? String(contentsOf: livePath, encoding: .utf8)) ?? ""
            let live = try Self.stream(liveText)
            let expected = try Self.replay(binary, recording.events)
            #expect(!expected.touches.isEmpty, "\(file): replay found no touches")
            // A reader slower than the device (a debug build under TCG) makes the kernel drop events:
            // then the live stream is the resynced one, which keeps the rules but not the file's every touch.
            if liveText.contains("\"event\":\"resync\"") {
                #expect(live.touches.allSatisfy { $0.finish != "live" }, "\(file): a touch was left live after a resync")
                continue
            }
            compared += 1
            // Touches: the file's, at the file's places, however fast evemu-play played it.
            #expect(live.touches.count == expected.touches.count, "\(file): live \(live.touches.count) touches, replay \(expected.touches.count)")
            for (seen, wanted) in zip(live.touches, expected.touches) {
                #expect(seen.matches(wanted), "\(file): live \(seen), replay \(wanted)")
            }
            // Gestures, rule 1, every recording: the kernel's own events (evemu-record beside serve, the
            // file's frames at the times the kernel stamped them) replayed from the file they make give
            // exactly serve's live gestures. This is the live reader equal to the file reader on one input.
            let capture = try Self.capturedRecording(recording.name, in: output)
            let kernel = try Self.replay(binary, capture)
            #expect(live.gestures == kernel.gestures, "\(file): live gestures \(live.gestures), replay of the kernel's events \(kernel.gestures)")
            #expect(live.touches.count == kernel.touches.count, "\(file): live \(live.touches.count) touches, kernel's events \(kernel.touches.count)")
            // Gestures, rule 2: equal to the file's replay wherever evemu-play kept the recording's
            // pace, every touch's start (from the first touch's) and duration within 30 ms of the file's.
            // Where it did not (TCG: evemu-play's sleeps overshoot, the writes queue behind serve), time
            // decides gestures (a long press is 500 ms held, a double tap a second tap within 300 ms,
            // a swipe a speed of 120 mm/s), so they may differ from the file's,
            // and rule 1 is what holds; each such difference is named in the log with the pace that explains it.
            let pace = Self.pace(live.touches, expected.touches)
            if live.gestures == expected.gestures {
                paced += pace <= 30 ? 1 : 0
            } else {
                #expect(pace > 30, "\(file): played at the file's pace (\(Int(pace)) ms off), yet live gestures \(live.gestures), replay \(expected.gestures)")
                differences.append("\(file): \(Int(pace)) ms off the file's pace: live \(live.gestures), file \(expected.gestures)")
            }
        }
        print("LinuxVMTests (b): \(compared) of \(recordings.count) recordings read without a resync; gestures equal to the file's replay in \(compared - differences.count), of which \(paced) at the file's pace; different by pace in \(differences.count):\n" + differences.joined(separator: "\n"))
        // Most recordings must have been compared in full, not excused by a resync. Under TCG a debug
        // build of serve reads more slowly than evemu-play writes, and on a machine busy with other
        // builds the kernel's buffer overflows for the longest multi-finger recordings (8 of 25 on
        // 2026-11-28, with five builds beside the VM); at least half must be read whole.
        #expect(compared * 2 >= recordings.count, "only \(compared) of \(recordings.count) recordings were read without a resync")
    }

    /// `touchhost replay --json FILE`'s touches and gestures.
    static func replay(_ binary: URL, _ events: URL) throws -> (touches: [Touch], gestures: [String]) {
        let run = try TouchHostBinary.run(binary, ["replay", "--json", events.path], timeout: 120)
        #expect(run.status == 0, "replay \(events.lastPathComponent): \(run.error)")
        return try stream(run.lines.joined(separator: "\n"))
    }

    /// What evemu-record read from the kernel device while serve did, as a recording touchhost
    /// replays: its own description, the priming (the state the device was given before the reader
    /// opened it, which the kernel does not repeat) at the first event's time, then the events.
    static func capturedRecording(_ name: String, in output: URL) throws -> URL {
        let text = try String(contentsOf: output.appendingPathComponent("evemu/\(name).capture"), encoding: .utf8)
        let priming = try String(contentsOf: output.appendingPathComponent("\(name).prime"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A reader that fell behind and lost events would make this another input than serve's.
        #expect(!lines.contains { $0.hasPrefix("E:") && $0.contains(" 0000 0003 ") }, "\(name): evemu-record lost events (SYN_DROPPED)")
        let first = lines.firstIndex { $0.hasPrefix("E:") } ?? lines.count
        let time = first < lines.count ? String(lines[first].split(separator: " ")[1]) : "0.000000"
        // Only what the kernel keeps for the device: an axis it has, and multitouch positions only
        // with slots (protocol A reports every contact whole in each frame; the kernel keeps no state).
        let axes = Set(lines.filter { $0.hasPrefix("A: ") }.compactMap { line in
            line.split(separator: " ").dropFirst().first.flatMap { Int($0, radix: 16) }
        })
        let slotted = axes.contains(EvemuEvent.absMTSlot)
        let primed = priming.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ")
            guard fields.count == 5, let type = Int(fields[2], radix: 16), let code = Int(fields[3], radix: 16),
                type == EvemuEvent.absType
            else { return true }
            return axes.contains(code) && (slotted || code < EvemuEvent.absMTSlot)
        }.map { $0.replacingOccurrences(of: "E: 0.000000 ", with: "E: \(time) ") }
        lines.insert(contentsOf: primed, at: first)
        let url = output.appendingPathComponent("\(name).kernel.events")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// How far, in ms, a stream's timing is from another's of the same touches: the largest
    /// difference of a touch's duration or of its start after the first touch's.
    static func pace(_ touches: [Touch], _ other: [Touch]) -> Double {
        guard let first = touches.first, let otherFirst = other.first else { return 0 }
        return zip(touches, other).map {
            max(abs($0.duration - $1.duration), abs(($0.start - first.start) - ($1.start - otherFirst.start)))
        }.max() ?? 0
    }

    /// Events that give a fresh kernel device the state the recording assumes before its first
    /// event, positions only, no touch (the importer's rule: a coordinate not reported yet is the
    /// first value reported later); the current slot back at 0, as on a fresh device.
    static func priming(_ events: URL) throws -> String {
        let text = try String(contentsOf: events, encoding: .utf8)
        var parsed: [EvemuEvent] = []
        for (index, line) in text.split(separator: "\n").enumerated() where line.hasPrefix("E:") {
            parsed.append(try EvemuEvent(line, file: events.path, lineNumber: index + 1))
        }
        let start = EvemuFrameDecoder.StartValues.firstReported(in: parsed)
        var lines: [String] = []
        func event(_ type: Int, _ code: Int, _ value: Int) {
            lines.append("E: 0.000000 \(String(format: "%04x %04x", type, code)) \(value)")
        }
        // A slot that never reports a coordinate takes the finger next to it's (the importer's rule).
        let anyX = parsed.first { $0.type == EvemuEvent.absType && $0.code == EvemuEvent.absMTPositionX }?.value
        let anyY = parsed.first { $0.type == EvemuEvent.absType && $0.code == EvemuEvent.absMTPositionY }?.value
        for slot in Set(start.slotX.keys).union(start.slotY.keys).sorted() {
            event(EvemuEvent.absType, EvemuEvent.absMTSlot, slot)
            if let x = start.slotX[slot] ?? anyX { event(EvemuEvent.absType, EvemuEvent.absMTPositionX, x) }
            if let y = start.slotY[slot] ?? anyY { event(EvemuEvent.absType, EvemuEvent.absMTPositionY, y) }
        }
        if !start.slotX.isEmpty || !start.slotY.isEmpty { event(EvemuEvent.absType, EvemuEvent.absMTSlot, 0) }
        if let x = start.singleX { event(EvemuEvent.absType, EvemuEvent.absX, x) }
        if let y = start.singleY { event(EvemuEvent.absType, EvemuEvent.absY, y) }
        event(EvemuEvent.synType, EvemuEvent.synReport, 0)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One touch of a stream: where it began and where and how it finished.
    struct Touch: CustomStringConvertible {
        var start = 0.0
        var duration = 0.0
        var began: (x: Double, y: Double)
        var last: (x: Double, y: Double)
        var finish = "live"

        func matches(_ other: Touch) -> Bool {
            func near(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool { abs(a.x - b.x) <= 0.05 && abs(a.y - b.y) <= 0.05 }
            return near(began, other.began) && near(last, other.last) && finish == other.finish
        }

        var description: String { "\(began) -> \(last) \(finish)" }
    }

    /// Touches by id in the order they began, and gestures as kind/state/touches in order.
    static func stream(_ text: String) throws -> (touches: [Touch], gestures: [String]) {
        var touches: [Int: Touch] = [:]
        var order: [Int] = []
        var gestures: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("{") {
            guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            switch event["type"] as? String {
            case "touch":
                guard let id = event["id"] as? Int, let phase = event["phase"] as? String,
                    let x = (event["x"] as? NSNumber)?.doubleValue, let y = (event["y"] as? NSNumber)?.doubleValue
                else { continue }
                let time = (event["t"] as? NSNumber)?.doubleValue ?? 0
                if phase == "began" {
                    touches[id] = Touch(start: time, began: (x, y), last: (x, y))
                    order.append(id)
                } else {
                    touches[id]?.last = (x, y)
                    if let start = touches[id]?.start { touches[id]?.duration = time - start }
                    if phase == "ended" || phase == "cancelled" { touches[id]?.finish = phase }
                }
            // How many `changed` a continuous gesture sends depends on when its timers fire: not compared.
            case "gesture" where event["state"] as? String != "changed":
                gestures.append("\(event["kind"] ?? "?") \(event["state"] ?? "?") \(event["touches"] ?? "?")")
            default:
                break
            }
        }
        return (order.compactMap { touches[$0] }, gestures)
    }
}
