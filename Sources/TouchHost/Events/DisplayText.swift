/// Text from outside (a device's board name, a USB product string, a file's token or name) made
/// safe to show in one line on a terminal: nothing in it can end the line, move the cursor, start
/// an escape sequence or reorder what follows. Control characters (C0, DEL, C1), format characters
/// (bidirectional overrides, zero-width marks), line and paragraph separators, private-use,
/// surrogate and unassigned code points are written as `\u{1B}`; everything else is kept. Script,
/// recording and importer errors quote tokens through `excerpt`.
public enum DisplayText {
    public static func escaped<Text: StringProtocol>(_ text: Text) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
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

    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        default: false
        }
    }
}
