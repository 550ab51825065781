/// Text from outside (a device's board name, a USB product string, a file's token or name) made
/// safe to show in one line on a terminal: nothing in it can end the line, move the cursor, start
/// an escape sequence or reorder what follows. Control characters (C0, DEL, C1), line and paragraph
/// separators and bidirectional overrides are written as escapes (`\n`, `\r`, `\t`, `\x1B`,
/// `\u{202E}`); everything else is kept.
public enum DisplayText {
    public static func escaped<Text: StringProtocol>(_ text: Text) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value < 0x100
                    ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    : "\\u{" + hex + "}"
            }
        }
        return out
    }

    /// The longest token an error message quotes whole, in characters.
    public static let excerptLength = 40

    /// `text` for an error message: escaped, and cut to `limit` characters with an ellipsis, so a
    /// 100 MB token costs one short line.
    public static func excerpt<Text: StringProtocol>(_ text: Text, limit: Int = excerptLength) -> String {
        var cut = ""
        var count = 0
        for character in text {
            if count == limit {
                return escaped(cut) + "\u{2026}"
            }
            cut.append(character)
            count += 1
        }
        return escaped(cut)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Line and paragraph separators, bidirectional marks, embeddings, overrides and isolates.
        case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
