
/// What an evemu description says about a device: its name and the range of each absolute axis.
public struct EvemuDevice: Sendable {
    public struct Axis: Equatable, Sendable {
        public var minimum: Int
        public var maximum: Int
        public var fuzz: Int
        public var flat: Int
        /// Units per millimetre; 0 when the device does not know its size.
        public var resolution: Int
    }

    public var name: String = ""
    /// Keyed by ABS code (ABS_X = 0x00, ABS_MT_POSITION_X = 0x35, ...).
    public var axes: [Int: Axis] = [:]

    public init() {}

    /// Reads one `N:` or `A:` line; other description lines are ignored. Returns whether it was one.
    mutating func read(_ line: Substring, file: String, lineNumber: Int) throws -> Bool {
        if line.hasPrefix("N:") {
            name = String(line.dropFirst(2).trimmed)
            return true
        }
        guard line.hasPrefix("A:") else { return false }
        let fields = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
        let numberFields = fields.dropFirst().prefix(5)
        let numbers = numberFields.compactMap { Int($0) }
        guard fields.count >= 5, let code = Int(fields[0], radix: 16), numbers.count == numberFields.count else {
            throw ImportError(file: file, line: lineNumber, message: "axis line needs `A: code min max fuzz flat [res]`")
        }
        // Older evemu versions wrote no resolution: treat it as unknown.
        axes[code] = Axis(
            minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
            resolution: numbers.count > 4 ? numbers[4] : 0)
        return true
    }
}
