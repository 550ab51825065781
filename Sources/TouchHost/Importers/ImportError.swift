/// Why a recording could not be imported, naming the file and (where there is one) the line.
public struct ImportError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    /// 1-based; nil when the problem is with the file as a whole.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
