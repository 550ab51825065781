/// A calibration file (contracts.md section 5): a line `matrix a b c d e f`, optionally a line
/// `screen W H`, `#` comments, blank lines. Everything else is refused with the line's number.
public struct CalibrationFile: Equatable, Sendable {
    public var matrix: CalibrationMatrix
    public var screen: ScreenSize?

    public init(matrix: CalibrationMatrix, screen: ScreenSize? = nil) {
        self.matrix = matrix
        self.screen = screen
    }

    /// Reads the file at `path`; the error names the file and, for its content, the line.
    public static func load(path: String) throws(HostFailure) -> CalibrationFile {
        var file = try InputFile(path)
        defer { file.close() }
        let text = try file.text(limit: maximumBytes, what: "a calibration file")
        do {
            return try parse(text)
        } catch {
            throw HostFailure("\(path): \(error.message)")
        }
    }

    /// A calibration file is a few lines; anything larger is not one.
    public static let maximumBytes = 65_536

    public static func parse(_ text: String) throws(HostFailure) -> CalibrationFile {
        var matrix: CalibrationMatrix?
        var screen: ScreenSize?
        for (index, rawLine) in TextLines(text).enumerated() {
            let line = index + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let keyword = words.first else { continue }
            let arguments = words.dropFirst()
            func fail(_ reason: String) -> HostFailure { HostFailure("line \(line): \(reason)") }
            switch keyword {
            case "matrix":
                guard matrix == nil else { throw fail("a second matrix line") }
                guard arguments.count == 6 else {
                    throw fail("matrix wants six numbers a b c d e f, found \(arguments.count)")
                }
                var values: [Double] = []
                for word in arguments {
                    guard let value = Double(word) else { throw fail("'\(DisplayText.excerpt(String(word)))' is not a number") }
                    guard value.isFinite else { throw fail("matrix values must be finite, not '\(DisplayText.excerpt(String(word)))'") }
                    values.append(value)
                }
                let parsed = CalibrationMatrix(values: values)!
                guard !parsed.isSingular else {
                    throw fail("the matrix is singular (a·e − b·d = \(parsed.determinant)): it folds the panel onto a line")
                }
                if let problem = parsed.cornerProblem { throw fail(problem) }
                matrix = parsed
            case "screen":
                guard screen == nil else { throw fail("a second screen line") }
                guard arguments.count == 2, let width = Int(arguments.first!), let height = Int(arguments.last!),
                    ScreenSize.accepts(width), ScreenSize.accepts(height)
                else { throw fail("screen wants a width and a height in pixels, 1 to \(ScreenSize.maximumSide)") }
                screen = ScreenSize(width: width, height: height)
            default:
                throw fail("unknown statement '\(DisplayText.excerpt(String(keyword)))' (known: matrix, screen)")
            }
        }
        guard let matrix else { throw HostFailure("no matrix line (matrix a b c d e f)") }
        return CalibrationFile(matrix: matrix, screen: screen)
    }

    /// `matrix a b c d e f`, six decimals each (a millionth of the screen: 0.002 px on 1920).
    public var matrixLine: String {
        "matrix " + matrix.values.map { DecimalText.format($0, places: 6) }.joined(separator: " ")
    }

    /// The file's text; `comment` lines go first, each after `# `.
    public func text(comment: [String] = []) -> String {
        var out = comment.map { "# " + $0 + "\n" }.joined()
        out += matrixLine + "\n"
        if let screen { out += "screen \(screen.width) \(screen.height)\n" }
        return out
    }
}
