import TouchCore

/// A rectangle of nodes, inclusive on both ends.
public struct NodeRegion: Equatable, Sendable {
    public var firstColumn: Int
    public var lastColumn: Int
    public var firstRow: Int
    public var lastRow: Int

    public init(firstColumn: Int, lastColumn: Int, firstRow: Int, lastRow: Int) {
        self.firstColumn = firstColumn
        self.lastColumn = lastColumn
        self.firstRow = firstRow
        self.lastRow = lastRow
    }

    public static let empty = NodeRegion(firstColumn: 0, lastColumn: -1, firstRow: 0, lastRow: -1)
}

public typealias NodeRegionList = InlineList<32, NodeRegion>
