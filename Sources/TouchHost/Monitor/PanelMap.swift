import TouchCore

/// The panel drawn in character cells, aspect-correct: a terminal cell is about twice as tall as it
/// is wide, so a 16:9 panel 20 rows high is about 71 columns wide.
public struct PanelMap: Sendable {
    public static let cellAspect: Float = 2

    public let panelWidth: Float
    public let panelHeight: Float
    /// Interior cells, border excluded.
    public let columns: Int
    public let rows: Int
    private var cells: [[Character]]

    /// The largest map whose border fits `maxColumns` x `maxRows`.
    public init(panelWidth: Float, panelHeight: Float, maxColumns: Int, maxRows: Int) {
        // A size that is no number, or below a millimetre, draws as a 1 mm panel; any size draws.
        self.panelWidth = panelWidth.isFinite && panelWidth >= 1 ? panelWidth : (panelWidth == .infinity ? .greatestFiniteMagnitude : 1)
        self.panelHeight = panelHeight.isFinite && panelHeight >= 1 ? panelHeight : (panelHeight == .infinity ? .greatestFiniteMagnitude : 1)
        var rows = max(1, maxRows - 2)
        var columns = Self.cells(Float(rows) * Self.cellAspect * (self.panelWidth / self.panelHeight), atMost: maxColumns)
        if columns > maxColumns - 2 {
            columns = max(1, maxColumns - 2)
            rows = max(1, Self.cells(Float(columns) * (self.panelHeight / self.panelWidth) / Self.cellAspect, atMost: maxRows))
        }
        self.columns = max(1, columns)
        self.rows = min(rows, max(1, maxRows - 2))
        cells = Array(repeating: Array(repeating: " ", count: self.columns), count: self.rows)
    }

    /// The cell holding a point in mm, clamped to the panel; a coordinate that is no number is
    /// drawn at the panel's top or left edge.
    public func cell(for point: PanelPoint) -> (column: Int, row: Int) {
        (Self.index(point.x / panelWidth * Float(columns), count: columns), Self.index(point.y / panelHeight * Float(rows), count: rows))
    }

    /// `value` rounded to a whole number of cells, between 0 and `limit` (no conversion can trap).
    private static func cells(_ value: Float, atMost limit: Int) -> Int {
        let rounded = value.rounded()
        if !(rounded > 0) { return 0 }
        return rounded >= Float(max(limit, 0)) ? max(limit, 0) : Int(rounded)
    }

    /// The cell index of a scaled position, clamped to `0..<count`.
    private static func index(_ scaled: Float, count: Int) -> Int {
        if !(scaled > 0) { return 0 }
        return scaled >= Float(count - 1) ? count - 1 : Int(scaled)
    }

    public mutating func put(_ character: Character, at point: PanelPoint) {
        let (column, row) = cell(for: point)
        cells[row][column] = character
    }

    public mutating func put(_ character: Character, column: Int, row: Int) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        cells[row][column] = character
    }

    /// Writes `text` from the cell after `point`, or before it near the right edge.
    public mutating func label(_ text: String, after point: PanelPoint) {
        let (column, row) = cell(for: point)
        let characters = Array(text)
        var start = column + 1
        if start + characters.count > columns { start = column - characters.count }
        for (offset, character) in characters.enumerated() { put(character, column: start + offset, row: row) }
    }

    /// The map with its border, one string per row.
    public var lines: [String] {
        let edge = "+" + String(repeating: "-", count: columns) + "+"
        return [edge] + cells.map { "|" + String($0) + "|" } + [edge]
    }
}
