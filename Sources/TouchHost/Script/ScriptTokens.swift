import TouchCore

/// The words of one script line: the comment removed, and `[`, `]` and `,` split off as words of
/// their own so that `[3 down 1 2]` and `10 10, 20 15` need no spaces around the punctuation.
/// Spaces, tabs and carriage returns (a CRLF file's line ends) separate words. Words are found as
/// they are asked for, so a line of any length costs no more memory than the line itself.
struct ScriptTokens {
    private let code: Substring.UnicodeScalarView
    private var position: Substring.UnicodeScalarView.Index
    private var peeked: (word: Substring, end: Substring.UnicodeScalarView.Index)?
    let number: Int

    init(line: Substring, number: Int) {
        self.number = number
        let scalars = line.unicodeScalars
        code = scalars[scalars.startIndex..<(scalars.firstIndex(of: "#") ?? scalars.endIndex)]
        position = code.startIndex
    }

    private static func separates(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r"
    }

    private static func punctuation(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "[" || scalar == "]" || scalar == ","
    }

    /// The word at or after `from`, and where it ends.
    private func scan(from: Substring.UnicodeScalarView.Index) -> (word: Substring, end: Substring.UnicodeScalarView.Index)? {
        var start = from
        while start < code.endIndex, Self.separates(code[start]) { start = code.index(after: start) }
        guard start < code.endIndex else { return nil }
        var end = code.index(after: start)
        if !Self.punctuation(code[start]) {
            while end < code.endIndex, !Self.separates(code[end]), !Self.punctuation(code[end]) { end = code.index(after: end) }
        }
        return (Substring(code[start..<end]), end)
    }

    func error(_ message: String) -> TouchScriptError { TouchScriptError(line: number, message) }

    mutating func peek() -> Substring? {
        if peeked == nil { peeked = scan(from: position) }
        return peeked?.word
    }

    mutating func next() -> Substring? {
        guard let found = peeked ?? scan(from: position) else { return nil }
        peeked = nil
        position = found.end
        return found.word
    }

    mutating func expect(_ word: String) throws(TouchScriptError) {
        guard let found = next() else { throw error("expected '\(word)' at the end of the line") }
        guard found == word else { throw error("expected '\(word)', found \(Self.shown(found))") }
    }

    mutating func expectEnd() throws(TouchScriptError) {
        if let extra = peek() { throw error("unexpected \(Self.shown(extra))") }
    }

    /// A word of the script as an error message quotes it: in quotes, escaped and cut as
    /// `DisplayText.excerpt` cuts every untrusted token.
    static func shown(_ word: some StringProtocol) -> String {
        "'" + DisplayText.excerpt(word) + "'"
    }

    /// A number, finite and within `bound` either way.
    mutating func number(_ what: String, within bound: Float = TouchScript.Limits.millimetres) throws(TouchScriptError) -> Float {
        guard let word = next() else { throw error("missing \(what)") }
        guard let value = Self.decimal(word) else { throw error("\(what) \(Self.shown(word)) is not a number") }
        guard abs(value) <= Double(bound) else {
            throw error("\(what) \(Self.shown(word)) is out of range (-\(Self.plain(bound))...\(Self.plain(bound)))")
        }
        return Float(value)
    }

    /// A length in mm: greater than 0 and at most `TouchScript.Limits.millimetres`.
    mutating func positive(_ what: String) throws(TouchScriptError) -> Float {
        let value = try number(what)
        guard value > 0 else { throw error("\(what) must be greater than 0") }
        return value
    }

    mutating func integer(_ what: String) throws(TouchScriptError) -> Int {
        guard let word = next() else { throw error("missing \(what)") }
        guard let value = Int(word) else { throw error("\(what) \(Self.shown(word)) is not a whole number") }
        return value
    }

    mutating func positiveInteger(_ what: String) throws(TouchScriptError) -> Int {
        let value = try integer(what)
        guard value > 0 else { throw error("\(what) must be greater than 0") }
        return value
    }

    /// A position in mm from the panel's top-left corner.
    mutating func point() throws(TouchScriptError) -> PanelPoint {
        PanelPoint(x: try number("x"), y: try number("y"))
    }

    mutating func finger() throws(TouchScriptError) -> UInt8 {
        let value = try integer("finger number")
        guard (0...255).contains(value) else { throw error("finger number \(value) is not in 0...255") }
        return UInt8(value)
    }

    /// A time word: `250ms`, `1.5s`, `800us`; from 0 to `TouchScript.Limits.span`.
    func time(_ word: Substring, what: String) throws(TouchScriptError) -> Microseconds {
        let units: [(suffix: String, scale: Double)] = [("ms", 1_000), ("us", 1), ("s", 1_000_000)]
        for unit in units where word.hasSuffix(unit.suffix) {
            let digits = word.dropLast(unit.suffix.count)
            guard let value = Self.decimal(digits), value >= 0 else { break }
            // Compared as a Double before it becomes an integer, so no value can overflow.
            let micro = (value * unit.scale).rounded()
            guard micro <= Double(TouchScript.Limits.span) else {
                throw error("\(what) out of range: \(Self.shown(word)) (a script spans at most 24 h)")
            }
            return Microseconds(micro)
        }
        throw error("\(what) \(Self.shown(word)) is not a time like 250ms or 1.5s")
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

    /// A decimal number such as `12`, `-3.5` or `1e3`: only digits, a sign, a point and an
    /// exponent, so no `nan`, `inf` or hexadecimal, and no byte the C library would stop at (a NUL
    /// ends the number there for `strtod`, so `1\0garbage` would read as 1). Too large is infinite.
    static func decimal(_ word: Substring) -> Double? {
        guard !word.isEmpty, word.utf8.allSatisfy({ byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        }) else { return nil }
        return Double(word)
    }

    /// A limit as the messages write it: `10000`, not `10000.0`.
    static func plain(_ value: Float) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
