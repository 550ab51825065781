import Foundation

/// What the JSON event stream promises (contracts.md section 3), checked line by line as a
/// reader of the stream would: `t` never decreases; every `began` gets exactly one `ended` or
/// `cancelled` and nothing else happens to a touch that is not live; ids never come back; slots
/// lie within the device's capacity and no two live touches share one; a continuous gesture
/// changes and ends only after it began. `finish` adds: nothing is left live.
struct StreamPromises {
    /// The tracker's slots: a session's device may say another number after a reset.
    var capacity: Int
    private(set) var violations: [String] = []
    private(set) var began = 0
    private(set) var ended = 0
    private(set) var cancelled = 0
    private(set) var rejected = 0
    private(set) var statuses: [String] = []
    private var live: [Int: Int] = [:]
    private var seen: Set<Int> = []
    private var lastT = -Double.infinity
    private var openGestures: Set<String> = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func check(_ lines: [String]) {
        for line in lines { check(line) }
    }

    mutating func check(_ line: String) {
        guard !line.isEmpty else { return }
        // A line a JSON reader cannot take is a broken stream, whatever it says.
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let type = object["type"] as? String
        else {
            violations.append("not a JSON event: \(line.prefix(200))")
            return
        }
        guard let t = object["t"] as? Double else {
            violations.append("no t: \(line)")
            return
        }
        if t < lastT { violations.append("t went back from \(lastT) to \(t): \(line)") }
        lastT = max(lastT, t)
        switch type {
        case "touch":
            guard let id = object["id"] as? Int, let slot = object["slot"] as? Int, let phase = object["phase"] as? String else {
                violations.append("touch without id, slot or phase: \(line)")
                return
            }
            if slot < 0 || slot >= capacity { violations.append("slot \(slot) beyond \(capacity): \(line)") }
            switch phase {
            case "began":
                began += 1
                if seen.contains(id) { violations.append("id \(id) began again: \(line)") }
                if live.values.contains(slot) { violations.append("slot \(slot) already held: \(line)") }
                seen.insert(id)
                live[id] = slot
            case "moved", "stationary":
                if live[id] != slot { violations.append("\(phase) for a touch not live in that slot: \(line)") }
            case "ended", "cancelled":
                if phase == "ended" { ended += 1 } else { cancelled += 1 }
                if live.removeValue(forKey: id) == nil { violations.append("\(phase) for a touch not live: \(line)") }
            default:
                violations.append("unknown phase: \(line)")
            }
        case "gesture":
            guard let name = object["name"] as? String, let state = object["state"] as? String else { return }
            // contracts.md section 3: a discrete kind is only ever recognized, a continuous one never.
            let kind = object["kind"] as? String ?? "custom"
            if Self.discreteKinds.contains(kind), state != "recognized" { violations.append("discrete \(kind) \(state): \(line)") }
            if Self.continuousKinds.contains(kind), state == "recognized" { violations.append("continuous \(kind) recognized: \(line)") }
            switch state {
            case "began":
                if !openGestures.insert(name).inserted { violations.append("\(name) began twice: \(line)") }
            case "changed":
                if !openGestures.contains(name) { violations.append("\(name) changed without beginning: \(line)") }
            case "ended", "cancelled":
                if openGestures.remove(name) == nil { violations.append("\(name) \(state) without beginning: \(line)") }
            case "recognized":
                if openGestures.contains(name) { violations.append("\(name) recognized inside itself: \(line)") }
            default:
                violations.append("gesture state \(state): \(line)")
            }
        case "status":
            let event = object["event"] as? String ?? "?"
            statuses.append(event)
            if event == "rejected" { rejected += object["count"] as? Int ?? 0 }
        default:
            break
        }
    }

    static let discreteKinds: Set = ["tap", "swipe", "checkmark", "circle", "backslash", "template"]
    static let continuousKinds: Set = ["long-press", "pan", "pinch", "rotation", "edge-pan", "capture"]

    /// The stream is over: every touch and gesture that began has finished.
    mutating func finish() {
        if !live.isEmpty { violations.append("still live at the end: \(live.keys.sorted())") }
        if !openGestures.isEmpty { violations.append("gestures still under way at the end: \(openGestures.sorted())") }
    }
}
