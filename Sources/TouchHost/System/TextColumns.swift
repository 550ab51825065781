/// Columns and words of plain text for listings and parsers, with the standard library alone.
extension StringProtocol {
    /// Without spaces, tabs and line ends at either end.
    public var trimmed: SubSequence {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }

    /// Left-aligned in a column `width` characters wide: padded with `pad` on the right, cut when longer.
    public func leftAligned(_ width: Int, pad: Character = " ") -> String {
        count >= width ? String(prefix(width)) : String(self) + String(repeating: pad, count: width - count)
    }
}
