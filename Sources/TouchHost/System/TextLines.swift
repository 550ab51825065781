/// The lines of a text, made one at a time (a file of a million lines costs no array of them),
/// split at each line feed as `split(separator: "\n", omittingEmptySubsequences: false)` would
/// split it, except that a CRLF ends a line too: Swift reads "\r\n" as one `Character`, so a
/// split on "\n" left a CRLF file one long line. The CR stays at the end of its line, where
/// `trimmed` or a reader's own rule takes it off.
public struct TextLines: Sequence, IteratorProtocol {
    private let text: Substring
    private var start: String.Index?

    public init<Text: StringProtocol>(_ text: Text) where Text.SubSequence == Substring {
        self.text = text[...]
        start = self.text.startIndex
    }

    public mutating func next() -> Substring? {
        guard let from = start else { return nil }
        guard let end = text.utf8[from...].firstIndex(of: UInt8(ascii: "\n")) else {
            start = nil
            return text[from...]
        }
        start = text.utf8.index(after: end)
        return text[from..<end]
    }
}
