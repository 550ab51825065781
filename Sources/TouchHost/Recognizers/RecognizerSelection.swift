
/// Which recognizers a run uses, from `--recognizers`: `kiosk` (the default set, contracts.md
/// section 4) or a comma-separated list of recognizer names.
public struct RecognizerSelection: Equatable, Sendable {
    public var names: [String]

    public static let kioskNames = [
        "tap", "double-tap", "two-finger-tap", "long-press", "pan", "swipe", "pinch", "rotation", "edge-pan",
        "checkmark", "circle", "backslash",
    ]
    /// Names that may be asked for besides the kiosk set (`template` recognizes the examples a
    /// run is given, `replay --template`).
    public static let extraNames = ["capture", "two-finger-pan", "template"]

    public static let kiosk = RecognizerSelection(names: kioskNames)

    public init(names: [String]) { self.names = names }

    /// Parses `kiosk` or `tap,pinch,...`; the error message lists what is allowed.
    public static func parse(_ text: String) throws(RecognizerSelectionError) -> RecognizerSelection {
        let words = text.split(separator: ",").map { String($0.trimmed) }.filter { !$0.isEmpty }
        guard !words.isEmpty else { throw RecognizerSelectionError(message: "no recognizers named") }
        var names: [String] = []
        for word in words {
            if word == "kiosk" {
                names += kioskNames.filter { !names.contains($0) }
            } else if kioskNames.contains(word) || extraNames.contains(word) {
                if !names.contains(word) { names.append(word) }
            } else {
                throw RecognizerSelectionError(
                    message: "unknown recognizer '\(word)' (known: kiosk, \((kioskNames + extraNames).joined(separator: ", ")))")
            }
        }
        return RecognizerSelection(names: names)
    }
}

public struct RecognizerSelectionError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
