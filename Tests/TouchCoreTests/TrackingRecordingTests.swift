import Foundation
import Testing
import TouchCore

/// Real touchscreen recordings (evemu, from devices nobody on this project built) through the
/// tracker: with protocol B the kernel's own tracking ids are the truth to match.
@Suite struct TrackingRecordingTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../shared/data/evemu").standardized

    static var recordings: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".events") || $0.hasSuffix(".event") }.sorted()
    }

    /// evdev sends nothing while nothing changes, so a still finger is silent: the silence rules
    /// must be long for such a source (see docs/tracking.md).
    static let evdevConfiguration = TrackerConfiguration(staleGap: 5_000_000, minimumReportTimeout: 5_000_000)

    @Test(.enabled(if: !recordings.isEmpty), arguments: recordings)
    func realRecordingsKeepEveryKernelTouchAsOneTouch(_ name: String) throws {
        let recording = try EvemuRecording(folder: Self.folder, name: name)
        var tracker = SlotTracker(configuration: Self.evdevConfiguration)
        var audit = TouchStreamAudit(capacity: TouchLimits.maxContacts)
        var previousCount = 0
        var beganWithSteadyCount = 0
        for frame in recording.frames {
            var batch = TouchFrameBatch()
            var statuses = StatusList(filler: .placeholder)
            tracker.track(frame, into: &batch, statuses: &statuses)
            for index in batch.indices { audit.check(batch[index]) }
            let began = batch[batch.count - 1].touches(.began).count
            let ended = batch.indices.map { batch[$0].touches(.ended).count }.reduce(0, +)
            if frame.contacts.count == previousCount && began > 0 && ended > 0 { beganWithSteadyCount += began }
            previousCount = frame.contacts.count
        }
        var output = TouchFrame(timestamp: 0)
        tracker.cancelAll(at: recording.frames.last?.timestamp ?? 0, into: &output)
        audit.check(output)
        #expect(audit.violations.isEmpty, "\(audit.violations.prefix(3))")
        #expect(audit.unfinished.isEmpty)
        if recording.kernelTouches > 0 {
            #expect(audit.began.count == recording.kernelTouches)
        } else {
            // Protocol A names no touch: with as many fingers as before, nobody should be swapped out.
            #expect(beganWithSteadyCount == 0)
            #expect(audit.began.count > 0)
        }
    }
}

/// Just enough of evemu's text format to turn protocol A and B recordings into full contact frames.
struct EvemuRecording {
    var frames: [ContactFrame] = []
    /// Touches as the kernel numbered them (protocol B), 0 for protocol A.
    var kernelTouches = 0

    init(folder: URL, name: String) throws {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let (maxX, maxY) = try Self.ranges(text: text, folder: folder, name: name)
        let scale = PanelPoint(x: 345 / maxX, y: 194 / maxY)
        func millimetres(_ x: Int, _ y: Int) -> PanelPoint { PanelPoint(x: Float(x) * scale.x, y: Float(y) * scale.y) }

        let protocolB = text.contains(" 0003 0039 ")
        var slot = 0
        var ids = [Int](repeating: -1, count: 64)
        var xs = [Int](repeating: 0, count: 64)
        var ys = [Int](repeating: 0, count: 64)
        var replaced = Set<Int>()
        var anonymous: [PanelPoint] = []
        var pendingX = 0, pendingY = 0, pendingHasPoint = false
        var start: Microseconds?
        for line in text.split(separator: "\n") where line.hasPrefix("E: ") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 5, let type = Int(fields[2], radix: 16), let code = Int(fields[3], radix: 16),
                let value = Int(fields[4])
            else { continue }
            let time = fields[1].split(separator: ".")
            let micros = (Microseconds(time[0]) ?? 0) * 1_000_000 + (Microseconds(time.count > 1 ? time[1] : "0") ?? 0)
            switch (type, code) {
            case (3, 0x2f): slot = min(max(value, 0), 63)
            case (3, 0x39):
                if value >= 0 {
                    if ids[slot] >= 0 && ids[slot] != value { replaced.insert(slot) }
                    if ids[slot] != value { kernelTouches += 1 }
                }
                ids[slot] = value
            case (3, 0x35):
                if protocolB { xs[slot] = value } else { pendingX = value; pendingHasPoint = true }
            case (3, 0x36):
                if protocolB { ys[slot] = value } else { pendingY = value; pendingHasPoint = true }
            case (0, 2):
                if pendingHasPoint { anonymous.append(millimetres(pendingX, pendingY)) }
                pendingHasPoint = false
            case (0, 0):
                if start == nil { start = micros }
                var frame = ContactFrame(timestamp: micros - start!)
                if protocolB {
                    for s in 0..<64 where ids[s] >= 0 {
                        if replaced.contains(s) {
                            frame.add(ReportedContact(controllerId: UInt8(s), state: .up, position: millimetres(xs[s], ys[s])))
                        }
                        frame.add(ReportedContact(controllerId: UInt8(s), state: .move, position: millimetres(xs[s], ys[s])))
                    }
                } else {
                    for point in anonymous { frame.add(ReportedContact(controllerId: nil, state: .move, position: point)) }
                }
                replaced.removeAll()
                anonymous.removeAll()
                frames.append(frame)
            default: break
            }
        }
    }

    /// The device's coordinate range from the recording's header, or its .prop file.
    static func ranges(text: String, folder: URL, name: String) throws -> (Float, Float) {
        func headerMax(_ label: String) -> Float? {
            guard let at = text.range(of: "(\(label))") else { return nil }
            let after = text[at.upperBound...].split(separator: "\n").prefix(4)
            guard let line = after.first(where: { $0.contains("Max") }) else { return nil }
            return line.split(separator: " ").last.flatMap { Float(String($0)) }
        }
        if let x = headerMax("ABS_MT_POSITION_X"), let y = headerMax("ABS_MT_POSITION_Y") { return (x, y) }
        // An old-style recording has a .prop beside it; a newer one shares its device's .desc.
        let base = (name as NSString).deletingPathExtension
        let device = String(name.prefix { $0 != "." })
        let candidates = [base + ".prop", device + ".desc"].map { folder.appendingPathComponent($0) }
        let description = try #require(candidates.first { FileManager.default.fileExists(atPath: $0.path) })
        let prop = try String(contentsOf: description, encoding: .utf8)
        func propMax(_ code: String) -> Float? {
            prop.split(separator: "\n").first { $0.hasPrefix("A: \(code) ") }
                .flatMap { Float(String($0.split(separator: " ")[3])) }
        }
        return (try #require(propMax("35")), try #require(propMax("36")))
    }
}
