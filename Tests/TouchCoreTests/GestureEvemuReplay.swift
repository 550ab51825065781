import Foundation
import TouchCore

/// Just enough of an evemu (multitouch protocol B) reader to turn the shared real recordings into
/// touch frames for recognizer tests. The project's importer lives in TouchHost; this one only
/// serves TouchCore's tests, which cannot depend on it.
struct EvemuReplay {
    static let directory = URL(fileURLWithPath: "/work/shared/data/evemu")

    var frames: [TouchFrame] = []

    /// `width`/`height`: the panel's size in mm (these devices report no resolution).
    init(events file: String, description: String, width: Float, height: Float) throws {
        let desc = try String(contentsOf: Self.directory.appendingPathComponent(description), encoding: .utf8)
        var maxX: Float = 1
        var maxY: Float = 1
        for line in desc.split(separator: "\n") where line.hasPrefix("A: ") {
            let f = line.split(separator: " ")
            if f[1] == "35", let m = Float(f[3]) { maxX = m }
            if f[1] == "36", let m = Float(f[3]) { maxY = m }
        }
        struct Slot {
            var id: UInt32
            var position: PanelPoint
            var start: PanelPoint
            var startTime: Microseconds
            var phase: TouchPhase
        }
        var slots: [Int: Slot] = [:]
        // Protocol B: a slot keeps its last coordinates; a new contact that reports none is there.
        var lastPosition: [Int: PanelPoint] = [:]
        var current = 0
        var pendingStarts: [Int: Slot] = [:]
        var nextId: UInt32 = 1
        let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("E: ") {
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard f.count >= 5, let seconds = Double(f[1]), let type = Int(f[2], radix: 16),
                let code = Int(f[3], radix: 16), let value = Int(f[4])
            else { continue }
            let time = Microseconds((seconds * 1_000_000).rounded())
            switch (type, code) {
            case (3, 0x2f):
                current = value
            case (3, 0x39):
                if value < 0 {
                    slots[current]?.phase = .ended
                } else {
                    if slots[current] != nil && slots[current]!.phase != .ended {
                        // A new contact in a slot still in use: the old one lifted unseen.
                        slots[current]!.phase = .ended
                    }
                    let p = lastPosition[current] ?? .zero
                    pendingStarts[current] = Slot(id: nextId, position: p, start: p, startTime: time, phase: .began)
                    nextId += 1
                }
            case (3, 0x35), (3, 0x36):
                let mm = code == 0x35 ? Float(value) / maxX * width : Float(value) / maxY * height
                var p = lastPosition[current] ?? .zero
                if code == 0x35 { p.x = mm } else { p.y = mm }
                lastPosition[current] = p
                if var slot = pendingStarts[current] {
                    slot.position = p
                    slot.start = p
                    pendingStarts[current] = slot
                } else if var slot = slots[current] {
                    slot.position = p
                    if slot.phase == .stationary { slot.phase = .moved }
                    slots[current] = slot
                }
            case (0, 0):
                var frame = TouchFrame(timestamp: time)
                for key in slots.keys.sorted() {
                    let slot = slots[key]!
                    frame.touches.append(TrackedTouch(
                        trackingId: slot.id, slot: UInt8(key), phase: slot.phase, position: slot.position,
                        startPosition: slot.start, startTime: slot.startTime))
                    if slot.phase == .ended { slots[key] = nil } else { slots[key]!.phase = .stationary }
                }
                frames.append(frame)
                // Contacts that began in this report join in the next frame after the old ones ended.
                if !pendingStarts.isEmpty {
                    var next = TouchFrame(timestamp: time)
                    for key in pendingStarts.keys.sorted() {
                        let slot = pendingStarts[key]!
                        next.touches.append(TrackedTouch(
                            trackingId: slot.id, slot: UInt8(key), phase: .began, position: slot.position,
                            startPosition: slot.start, startTime: slot.startTime))
                        slots[key] = slot
                        slots[key]!.phase = .stationary
                    }
                    for key in slots.keys.sorted() where pendingStarts[key] == nil {
                        let slot = slots[key]!
                        next.touches.append(TrackedTouch(
                            trackingId: slot.id, slot: UInt8(key), phase: .stationary, position: slot.position,
                            startPosition: slot.start, startTime: slot.startTime))
                    }
                    pendingStarts.removeAll()
                    frames.append(next)
                }
            default:
                break
            }
        }
    }

    /// Runs the frames through an engine the way `replay` does, then lets every deadline pass.
    func run(_ engine: inout BasicGestureEngine) -> [GestureEvent] {
        var out: [GestureEvent] = []
        var events = GestureEventList(filler: .placeholder)
        func collect() {
            for i in events.indices { out.append(events[i]) }
            events.removeAll()
        }
        for frame in frames {
            engine.process(frame, events: &events)
            collect()
        }
        while let deadline = engine.nextDeadline {
            engine.advance(to: deadline, events: &events)
            collect()
        }
        return out
    }
}
