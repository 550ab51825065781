import TouchCore

/// The words of one script line: the comment removed, and `[`, `]` and `,` split off as words of
/// their own so that `[3 down 1 2]` and `10 10, 20 15` need no spaces around the punctuation.
struct ScriptTokens {
    private var words: [Substring]
    private var position = 0
    let number: Int

    init(line: Substring, number: Int) {
        self.number = number
        let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var words: [Substring] = []
        var start: Substring.Index?
        var index = code.startIndex
        while index < code.endIndex {
            let character = code[index]
            if character == " " || character == "\t" || character == "\r" || character == "[" || character == "]"
                || character == ","
            {
                if let begin = start { words.append(code[begin..<index]) }
                start = nil
                if character == "[" || character == "]" || character == "," {
                    words.append(code[index...index])
                }
            } else if start == nil {
                start = index
            }
            index = code.index(after: index)
        }
        if let begin = start { words.append(code[begin..<code.endIndex]) }
        self.words = words
    }

    func error(_ message: String) -> TouchScriptError { TouchScriptError(line: number, message) }

    func peek() -> Substring? { position < words.count ? words[position] : nil }

    mutating func next() -> Substring? {
        guard position < words.count else { return nil }
        defer { position += 1 }
        return words[position]
    }

    mutating func expect(_ word: String) throws(TouchScriptError) {
        guard let found = next() else { throw error("expected '\(word)' at the end of the line") }
        guard found == word else { throw error("expected '\(word)', found '\(found)'") }
    }

    func expectEnd() throws(TouchScriptError) {
        if let extra = peek() { throw error("unexpected '\(extra)'") }
    }

    mutating func number(_ what: String) throws(TouchScriptError) -> Float {
        guard let word = next() else { throw error("missing \(what)") }
        guard let value = Double(word), value.isFinite else { throw error("\(what) '\(word)' is not a number") }
        return Float(value)
    }

    mutating func positive(_ what: String) throws(TouchScriptError) -> Float {
        let value = try number(what)
        guard value > 0 else { throw error("\(what) must be greater than 0") }
        return value
    }

    mutating func integer(_ what: String) throws(TouchScriptError) -> Int {
        guard let word = next() else { throw error("missing \(what)") }
        guard let value = Int(word) else { throw error("\(what) '\(word)' is not a whole number") }
        return value
    }

    mutating func positiveInteger(_ what: String) throws(TouchScriptError) -> Int {
        let value = try integer(what)
        guard value > 0 else { throw error("\(what) must be greater than 0") }
        return value
    }

    mutating func point() throws(TouchScriptError) -> PanelPoint {
        PanelPoint(x: try number("x"), y: try number("y"))
    }

    mutating func finger() throws(TouchScriptError) -> UInt8 {
        let value = try integer("finger number")
        guard (0...255).contains(value) else { throw error("finger number \(value) is not in 0...255") }
        return UInt8(value)
    }

    /// The largest time or duration a script may name: far beyond any real script, and small
    /// enough that a start plus a duration plus report periods never overflows 64 bits.
    static let maxTime: Microseconds = Microseconds.max / 4

    /// A time word: `250ms`, `1.5s`, `800us`.
    func time(_ word: Substring, what: String) throws(TouchScriptError) -> Microseconds {
        let units: [(suffix: String, scale: Double)] = [("ms", 1_000), ("us", 1), ("s", 1_000_000)]
        for unit in units where word.hasSuffix(unit.suffix) {
            let digits = word.dropLast(unit.suffix.count)
            guard let value = Double(digits), value.isFinite, value >= 0 else { break }
            let micro = (value * unit.scale).rounded()
            guard micro <= Double(Self.maxTime) else { throw error("\(what) out of range: '\(word)'") }
            return Microseconds(micro)
        }
        throw error("\(what) '\(word)' is not a time like 250ms or 1.5s")
    }

    mutating func duration() throws(TouchScriptError) -> Microseconds {
        guard let word = next() else { throw error("missing duration") }
        let value = try time(word, what: "duration")
        guard value > 0 else { throw error("duration must be greater than 0") }
        return value
    }

    /// The optional `fingers N` and `spread S` that follow tap, hold and drag.
    mutating func fingerGroup() throws(TouchScriptError) -> FingerGroup {
        var group = FingerGroup.single
        while let word = peek() {
            switch word {
            case "fingers":
                _ = next()
                group.count = try positiveInteger("finger count")
                guard group.count <= TouchLimits.maxContacts else {
                    throw error("at most \(TouchLimits.maxContacts) fingers")
                }
            case "spread":
                _ = next()
                group.spread = try positive("spread")
            default:
                return group
            }
        }
        return group
    }
}
