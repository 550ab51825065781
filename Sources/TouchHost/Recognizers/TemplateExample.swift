import TouchCore

/// A template example read from any input `replay` reads (a touch script, an evemu recording, a
/// $1 log): the stroke of its first finger, from touch-down to the lift.
public enum TemplateExample {
    /// `NAME=FILE` as `--template` takes it.
    public static func parse(_ text: String) -> (name: String, file: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<equals]), file = String(text[text.index(after: equals)...])
        guard !name.isEmpty, !file.isEmpty else { return nil }
        return (name, file)
    }

    /// The most positions an example's stroke may have: a template is resampled to a few dozen
    /// points, and a tiny script can describe a day-long drag.
    public static let maximumPoints = 100_000

    /// The template a file in a folder of examples belongs to: its name without the extension and
    /// without trailing digits, `-` or `_` (`arrow01.xml` and `arrow-2.touch` are both `arrow`);
    /// nil when nothing is left.
    public static func name(ofFile path: String) -> String? {
        var name = Substring(path.split(separator: "/").last ?? "")
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        while let last = name.last, last.isNumber || last == "-" || last == "_" { name = name.dropLast() }
        return name.isEmpty ? nil : String(name)
    }

    /// The first finger's positions, mm. A frame's lift carries no position of its own (the
    /// importers repeat the last one), so it ends the stroke without adding to it. A stroke of
    /// more than `maximumPoints` is refused once it has them, before the rest is read.
    public static func firstStroke(of source: ReplaySource) throws(HostFailure) -> [PanelPoint] {
        var points: [PanelPoint] = []
        var followed: UInt8?? = nil
        for item in source.items {
            guard points.count <= maximumPoints else {
                throw HostFailure(
                    "\(source.name): its first finger's stroke has more than \(maximumPoints) positions, the most a template example may have")
            }
            guard case .frame(let frame) = item else {
                if followed != nil { break }
                continue
            }
            if let id = followed {
                guard let contact = frame.contacts.first(where: { $0.controllerId == id }), contact.state != .up else { break }
                points.append(contact.position)
            } else if let contact = frame.contacts.first(where: { $0.state != .up }) {
                followed = .some(contact.controllerId)
                points.append(contact.position)
            }
        }
        return points
    }
}

extension InlineList {
    fileprivate func first(where matches: (Element) -> Bool) -> Element? {
        for i in indices where matches(self[i]) { return self[i] }
        return nil
    }
}
