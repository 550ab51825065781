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
        try lines.joined().write(to: manifest, atomically: true, encoding: .utf8)
        let capi = try CAPILibrary.program("CTests/c/live_device.c", "live_device")
        let anchor = try SharedTestData.file("evemu/N-Trig MultiTouch.desc")

        let suite = Self.packageRoot.appendingPathComponent("Tests/VM/run-suite.sh")
        // The guest's own timeout (scripts/linux-vm, 900 s) ends QEMU first.
        let run = try TouchHostBinary.run(suite, [binary.path, output.path, manifest.path, anchor.path, capi], timeout: 1_000)
        let log = run.lines.joined(separator: "\n") + "\n" + run.error
        let checks = run.lines.filter { $0.hasPrefix("CHECK ") }
        #expect(checks.count >= 7, "scenario (a) made no checks:\n\(log)")
        for check in checks { #expect(check.hasSuffix(" ok"), "\(check)\n\(log)") }
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
        for recording in recordings {
            let livePath = output.appendingPathComponent("evemu/\(recording.name).json")
            let liveText = (try? String(contentsOf: livePath, encoding: .utf8)) ?? ""
            let live = try Self.stream(liveText)
            let replay = try TouchHostBinary.run(binary, ["replay", "--json", recording.events.path], timeout: 120)
            let expected = try Self.stream(replay.lines.joined(separator: "\n"))
            #expect(!expected.touches.isEmpty, "\(recording.events.lastPathComponent): replay found no touches")
            // A reader slower than the device (a debug build under TCG) makes the kernel drop events:
            // then the live stream is the resynced one, which keeps the rules but not the file's every touch.
            if liveText.contains("\"event\":\"resync\"") {
                #expect(live.touches.allSatisfy { $0.finish != "live" }, "\(recording.events.lastPathComponent): a touch was left live after a resync")
                continue
            }
            compared += 1
            #expect(live.touches.count == expected.touches.count, "\(recording.events.lastPathComponent): live \(live.touches.count) touches, replay \(expected.touches.count)")
            for (seen, wanted) in zip(live.touches, expected.touches) {
                #expect(seen.matches(wanted), "\(recording.events.lastPathComponent): live \(seen), replay \(wanted)")
            }
            // Gestures depend on time too: where the VM played the file at another pace (a touch held
            // 30 ms longer or shorter than recorded), they may differ, and only the touches are compared.
            let pace = zip(live.touches, expected.touches).map { abs($0.duration - $1.duration) }.max() ?? 0
            guard pace <= 30 else {
                paced += 1
                continue
            }
            #expect(live.gestures == expected.gestures, "\(recording.events.lastPathComponent): live gestures \(live.gestures.joined(separator: ", ")), replay \(expected.gestures.joined(separator: ", "))")
        }
        // Most recordings must have been compared in full, not excused by a resync.
        #expect(compared * 4 >= recordings.count * 3, "only \(compared) of \(recordings.count) recordings were read without a resync")
        // Under TCG evemu-play keeps few recordings at their pace (3 of 25 on 2026-11-28): gestures are
        // compared for those, and at least one must be, so this part cannot pass on none.
        #expect(compared - paced >= 1, "no recording was played at its pace; no gestures were compared")
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
