import Boards
import Firmware
import TouchCore

/// The board catalog as the host shows it: names as strings, lines for `boards`, JSON.
public enum BoardListing {
    public static var all: [BoardDefinition] {
        (0..<BoardCatalog.count).compactMap { BoardCatalog.board(at: $0) }
    }

    public static var names: [String] { all.map(\.nameText) }

    public static var defaultName: String { BoardCatalog.defaultBoard.nameText }

    public static func board(named name: String) -> BoardDefinition? { BoardCatalog.board(named: Array(name.utf8)) }
}

extension BoardDefinition {
    public var nameText: String { name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

    public var panelSize: PanelSize { PanelSize(width: panelWidth, height: panelHeight) }

    /// `kiosk-15   345 x 194 mm  69 x 39 nodes  10 contacts  120 Hz  921600 baud  (default)`
    public var line: String {
        let isDefault = nameText == BoardListing.defaultName
        return nameText.leftAligned(10)
            + "  \(DecimalText.format(panelWidth, places: 1)) x \(DecimalText.format(panelHeight, places: 1)) mm"
            + "  \(columns) x \(rows) nodes  \(maxContacts) contacts  \(reportRate) Hz  \(baud) baud"
            + (isDefault ? "  (default)" : "")
    }

    public var json: String {
        ListingJSON.object([
            ("name", .string(nameText)),
            ("width", .number(DecimalText.format(panelWidth, places: 2))),
            ("height", .number(DecimalText.format(panelHeight, places: 2))),
            ("columns", .number(String(columns))),
            ("rows", .number(String(rows))),
            ("maxContacts", .number(String(maxContacts))),
            ("reportRate", .number(String(reportRate))),
            ("baud", .number(String(baud))),
            ("default", .number(nameText == BoardListing.defaultName ? "true" : "false")),
        ])
    }
}
