import TouchCore

/// Reads touch scripts, version 1 (contracts.md section 2). Every error names the line it is on.
public enum TouchScriptParser {
    public static func parse(_ text: String) throws(TouchScriptError) -> TouchScript {
        var script = TouchScript()
        var previousTime: Microseconds?
        var previousTimeText = ""
        var fingersDown = Set<UInt8>()
        var lineNumber = 0
        // One slot for every line that could be a statement, so the list is never copied to grow.
        script.statements.reserveCapacity(statementLines(text))
        for rawLine in lines(of: text) {
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
                    let rate = try tokens.positiveInteger("report rate")
                    let rates = TouchScript.Limits.reportRates
                    guard rates.contains(rate) else {
                        throw tokens.error(
                            "report rate \(rate) is not in \(rates.lowerBound)...\(rates.upperBound) reports per second")
                    }
                    script.reportRate = rate
                }
                try tokens.expectEnd()
                continue
            default:
                break
            }
            let time = try tokens.time(first, what: "time")
            if let previous = previousTime, time < previous {
                throw TouchScriptError(
                    line: lineNumber,
                    "time \(ScriptTokens.shown(first)) is earlier than the previous statement's \(ScriptTokens.shown(previousTimeText))")
            }
            previousTime = time
            previousTimeText = String(first)
            let (statement, footprint) = try parseFootprinted(&tokens)
            try tokens.expectEnd()
            // Each is at most the span, so the sum cannot overflow.
            guard time + statement.duration <= TouchScript.Limits.span else {
                throw tokens.error("this statement ends after 24 h, the longest a script may run")
            }
            try checkFingers(statement, down: &fingersDown, line: lineNumber)
            script.statements.append(TimedStatement(time: time, line: lineNumber, statement: statement, footprint: footprint))
        }
        return script
    }

    /// The lines of a script, split at line feeds only (a carriage return before one is a separator
    /// within the line), without copying them, and a leading byte-order mark dropped.
    static func lines(of text: String) -> some Sequence<Substring> {
        let scalars = text.unicodeScalars
        var start = scalars.first == "\u{FEFF}" ? scalars.index(after: scalars.startIndex) : scalars.startIndex
        var done = false
        return AnyIterator<Substring> {
            guard !done else { return nil }
            let end = scalars[start...].firstIndex(of: "\n") ?? scalars.endIndex
            let line = Substring(scalars[start..<end])
            if end == scalars.endIndex { done = true } else { start = scalars.index(after: end) }
            return line
        }
    }

    /// How many lines hold anything but blanks and a comment: at least as many as the statements.
    static func statementLines(_ text: String) -> Int {
        var count = 0
        var blank = true
        var comment = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\n"):
                if !blank { count += 1 }
                blank = true
                comment = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "#"):
                if blank { comment = true }
            default:
                if !comment { blank = false }
            }
        }
        return blank ? count : count + 1
    }

    /// A statement with what touches: `palm at X Y size W by H for T` (contracts.md section 7) is a
    /// hold of one flat contact; a finger statement may end with `size D` or `size W by H`, either
    /// followed by `angle A` (degrees clockwise from x; docs/ghosts.md).
    private static func parseFootprinted(
        _ tokens: inout ScriptTokens
    ) throws(TouchScriptError) -> (ScriptStatement, Footprint) {
        if tokens.peek() == "palm" {
            _ = tokens.next()
            try tokens.expect("at")
            let at = try tokens.point()
            try tokens.expect("size")
            let width = try tokens.positive("palm width")
            try tokens.expect("by")
            let height = try tokens.positive("palm height")
            try tokens.expect("for")
            let duration = try tokens.duration()
            let shape = ContactShape(major: max(width, height), minor: min(width, height), orientation: width >= height ? 0 : 90)
            return (.hold(at: at, duration: duration, fingers: .single), Footprint(shape: shape, isPalm: true))
        }
        let statement = try parseStatement(&tokens)
        guard tokens.peek() == "size" else { return (statement, .boardFinger) }
        switch statement {
        case .up, .cancel, .report: throw tokens.error("only a statement that puts fingers down takes a size")
        default: break
        }
        _ = tokens.next()
        let first = try tokens.positive("contact size")
        var second = first
        if tokens.peek() == "by" {
            _ = tokens.next()
            second = try tokens.positive("contact width")
        }
        var degrees: Float = 0
        if tokens.peek() == "angle" {
            _ = tokens.next()
            degrees = try tokens.number("angle", within: TouchScript.Limits.degrees)
        }
        // The first size runs along the angle: `size 16 by 8 angle 30` is long at 30 degrees.
        if second > first { degrees += 90 }
        let shape = ContactShape(major: max(first, second), minor: min(first, second), orientation: degrees)
        return (statement, Footprint(shape: shape))
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
            let degrees = try tokens.number("angle", within: TouchScript.Limits.degrees)
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
            throw tokens.error("unknown statement \(ScriptTokens.shown(keyword))")
        }
    }

    private static func parsePath(_ tokens: inout ScriptTokens) throws(TouchScriptError) -> ScriptStatement {
        var points: [PanelPoint] = []
        while let token = tokens.peek(), token != "in" {
            if token == "," {
                _ = tokens.next()
                continue
            }
            guard points.count < TouchScript.Limits.pathPoints else {
                throw tokens.error("a path has at most \(TouchScript.Limits.pathPoints) points")
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
            let numbers = TouchScript.Limits.sequenceNumbers
            guard numbers.contains(value) else {
                throw tokens.error(
                    "sequence number \(value) is not in \(numbers.lowerBound)...\(numbers.upperBound) (the wire protocol's 16 bits)")
            }
            sequence = UInt32(value)
        }
        // Any list a controller can send is a report, the same id twice included: what it means
        // is the tracker's to decide (docs/tracking.md), so only syntax and ranges are errors here.
        var contacts: [ScriptContact] = []
        while tokens.peek() != nil {
            guard contacts.count < TouchScript.Limits.reportContacts else {
                throw tokens.error("a report lists at most \(TouchScript.Limits.reportContacts) contacts, as a frame on the wire does")
            }
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
