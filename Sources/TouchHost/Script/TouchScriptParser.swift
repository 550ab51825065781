import TouchCore

/// Reads touch scripts, version 1 (contracts.md section 2). Every error names the line it is on.
public enum TouchScriptParser {
    public static func parse(_ text: String) throws(TouchScriptError) -> TouchScript {
        var script = TouchScript()
        var previousTime: Microseconds?
        var previousTimeText = ""
        var fingersDown = Set<UInt8>()
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var tokens = ScriptTokens(line: rawLine, number: lineNumber)
            guard let first = tokens.next() else { continue }
            switch first {
            case "panel", "rate":
                guard previousTime == nil else {
                    throw TouchScriptError(line: lineNumber, "'\(first)' must come before the first timed statement")
                }
                if first == "panel" {
                    script.panelSize = PanelSize(
                        width: try tokens.positive("panel width"), height: try tokens.positive("panel height"))
                } else {
                    script.reportRate = try tokens.positiveInteger("report rate")
                }
                try tokens.expectEnd()
                continue
            default:
                break
            }
            let time = try tokens.time(first, what: "time")
            if let previous = previousTime, time < previous {
                throw TouchScriptError(
                    line: lineNumber, "time \(first) is earlier than the previous statement's \(previousTimeText)")
            }
            previousTime = time
            previousTimeText = String(first)
            let statement = try parseStatement(&tokens)
            try tokens.expectEnd()
            try checkFingers(statement, down: &fingersDown, line: lineNumber)
            script.statements.append(TimedStatement(time: time, line: lineNumber, statement: statement))
        }
        return script
    }

    private static func parseStatement(_ tokens: inout ScriptTokens) throws(TouchScriptError) -> ScriptStatement {
        guard let keyword = tokens.next() else {
            throw tokens.error("a time must be followed by a statement")
        }
        switch keyword {
        case "down":
            return .down(finger: try tokens.finger(), at: try tokens.point())
        case "move":
            return .move(finger: try tokens.finger(), to: try tokens.point())
        case "up":
            return .up(finger: try tokens.finger())
        case "cancel":
            return .cancel
        case "tap":
            let at = try tokens.point()
            return .tap(at: at, fingers: try tokens.fingerGroup())
        case "hold":
            let at = try tokens.point()
            try tokens.expect("for")
            let duration = try tokens.duration()
            return .hold(at: at, duration: duration, fingers: try tokens.fingerGroup())
        case "drag":
            try tokens.expect("from")
            let from = try tokens.point()
            try tokens.expect("to")
            let to = try tokens.point()
            try tokens.expect("in")
            let duration = try tokens.duration()
            return .drag(from: from, to: to, duration: duration, fingers: try tokens.fingerGroup())
        case "pinch":
            try tokens.expect("at")
            let center = try tokens.point()
            try tokens.expect("from")
            let from = try tokens.positive("start distance")
            try tokens.expect("to")
            let to = try tokens.positive("end distance")
            try tokens.expect("in")
            return .pinch(center: center, fromDistance: from, toDistance: to, duration: try tokens.duration())
        case "rotate":
            try tokens.expect("at")
            let center = try tokens.point()
            try tokens.expect("radius")
            let radius = try tokens.positive("radius")
            try tokens.expect("by")
            let degrees = try tokens.number("angle")
            try tokens.expect("in")
            return .rotate(center: center, radius: radius, degrees: degrees, duration: try tokens.duration())
        case "path":
            return try parsePath(&tokens)
        case "edge":
            guard let name = tokens.next(), let edge = ScreenEdge(scriptName: name) else {
                throw tokens.error("edge needs left, right, top or bottom")
            }
            try tokens.expect("at")
            let at = try tokens.number("edge position")
            try tokens.expect("inward")
            let inward = try tokens.positive("inward distance")
            try tokens.expect("in")
            return .edge(edge, at: at, inward: inward, duration: try tokens.duration())
        case "report":
            return try parseReport(&tokens)
        default:
            throw tokens.error("unknown statement '\(keyword)'")
        }
    }

    private static func parsePath(_ tokens: inout ScriptTokens) throws(TouchScriptError) -> ScriptStatement {
        var points: [PanelPoint] = []
        while let token = tokens.peek(), token != "in" {
            if token == "," {
                _ = tokens.next()
                continue
            }
            points.append(try tokens.point())
        }
        guard points.count >= 2 else { throw tokens.error("a path needs at least two points") }
        try tokens.expect("in")
        return .path(points: points, duration: try tokens.duration())
    }

    private static func parseReport(_ tokens: inout ScriptTokens) throws(TouchScriptError) -> ScriptStatement {
        var sequence: UInt32?
        if tokens.peek() == "seq" {
            _ = tokens.next()
            let value = try tokens.integer("sequence number")
            guard value >= 0, value <= Int(UInt32.max) else {
                throw tokens.error("sequence number \(value) is out of range")
            }
            sequence = UInt32(value)
        }
        // Any list a controller can send is a report, the same id twice included: what it means
        // is the tracker's to decide (docs/tracking.md), so only syntax and ranges are errors here.
        var contacts: [ScriptContact] = []
        while tokens.peek() != nil {
            try tokens.expect("[")
            let id = try tokens.integer("contact id")
            guard (0...Int(WireContact.maxId)).contains(id) else {
                throw tokens.error("contact id \(id) is not in 0...\(WireContact.maxId)")
            }
            guard let stateName = tokens.next(), let state = ContactState(scriptName: stateName) else {
                throw tokens.error("a contact's state is down, move or up")
            }
            let position = try tokens.point()
            try tokens.expect("]")
            contacts.append(ScriptContact(id: UInt8(id), state: state, position: position))
        }
        return .report(sequence: sequence, contacts: contacts)
    }

    /// Finger statements must make sense on their own: a finger goes down before it moves or lifts.
    private static func checkFingers(
        _ statement: ScriptStatement, down: inout Set<UInt8>, line: Int
    ) throws(TouchScriptError) {
        switch statement {
        case .down(let finger, _):
            guard down.insert(finger).inserted else {
                throw TouchScriptError(line: line, "finger \(finger) is already down")
            }
        case .move(let finger, _):
            guard down.contains(finger) else { throw TouchScriptError(line: line, "finger \(finger) is not down") }
        case .up(let finger):
            guard down.remove(finger) != nil else {
                throw TouchScriptError(line: line, "finger \(finger) is not down")
            }
        case .cancel:
            down.removeAll()
        default:
            break
        }
    }
}

extension ScreenEdge {
    init?(scriptName: Substring) {
        switch scriptName {
        case "left": self = .left
        case "right": self = .right
        case "top": self = .top
        case "bottom": self = .bottom
        default: return nil
        }
    }
}

extension ContactState {
    init?(scriptName: Substring) {
        switch scriptName {
        case "down": self = .down
        case "move": self = .move
        case "up": self = .up
        default: return nil
        }
    }
}
