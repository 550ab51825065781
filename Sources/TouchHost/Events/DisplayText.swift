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
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The longest token an error message quotes whole, in characters as shown.
    public static let excerptLength = 40

    /// `text` for an error message: escaped, and cut with an ellipsis once `limit` characters would
    /// be shown, so a 100 MB token costs one short line. Counted as shown, scalar by scalar: an
    /// escape counts as the characters it prints and a character built of a thousand combining
    /// marks as a thousand, so nothing a file holds makes the quote longer than `limit`.
    public static func excerpt<Text: StringProtocol>(_ text: Text, limit: Int = excerptLength) -> String {
        var out = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            let piece = needsEscape(scalar) ? escape(scalar) : nil
            let width = piece?.count ?? 1
            if shown + width > limit { return out + "\u{2026}" }
            if let piece { out += piece } else { out.unicodeScalars.append(scalar) }
            shown += width
        }
        return out
    }

    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        default: false
        }
    }
}
