/// The costs between `rows` and `columns` that `MinimumCostAssignment` reads on demand, so no
/// matrix is stored.
///
/// `mutating` so a large table is read in place: a non-mutating read of a borrowed inline table
/// can copy all of it for every cost.
protocol AssignmentCosts {
    mutating func cost(row: Int, column: Int) -> Int64
}

/// Kuhn-Munkres (the Hungarian method with potentials) for at most 20 rows and 20 columns: finds
/// the pairing with the least total cost, each row and column used at most once, in O(n^3) time
/// and fixed memory. Integer costs keep it exact and identical on every machine.
struct MinimumCostAssignment {
    static let maxSide = TouchLimits.maxContacts

    /// The column paired with each row, or -1 when the row has none (more rows than columns).
    private(set) var columnOfRow = InlineArray<20, Int>(repeating: -1)

    /// The pairing with the least total cost. The costs are read in place (`inout`): a table is
    /// kilobytes, and a copy of it cost more than the pairing.
    init<Costs: AssignmentCosts>(rows: Int, columns: Int, costs: inout Costs) {
        precondition(rows <= Self.maxSide && columns <= Self.maxSide, "assignment larger than capacity")
        guard rows > 0 && columns > 0 else { return }
        if pairsOwnMinima(rows: rows, columns: columns, costs: &costs) { return }
        // The method needs no more rows than columns; solve the transpose otherwise.
        if rows <= columns {
            let rowOfColumn = Self.solve(rows: rows, columns: columns) { costs.cost(row: $0, column: $1) }
            for column in 0..<columns where rowOfColumn[column] >= 0 {
                columnOfRow[rowOfColumn[column]] = column
            }
        } else {
            let transposed = Self.solve(rows: columns, columns: rows) { costs.cost(row: $1, column: $0) }
            for row in 0..<rows {
                columnOfRow[row] = transposed[row]
            }
        }
    }

    /// The pairing when it is the plain one (`pairsOwnMinima`), nil otherwise: for costs that are
    /// cheap to read once each but not worth reading as often as Kuhn-Munkres does.
    init?<Costs: AssignmentCosts>(ownMinimaOf rows: Int, by columns: Int, costs: inout Costs) {
        precondition(rows <= Self.maxSide && columns <= Self.maxSide, "assignment larger than capacity")
        guard rows > 0 && columns > 0 else { return }
        guard pairsOwnMinima(rows: rows, columns: columns, costs: &costs) else { return nil }
    }

    /// The usual case between two reports: every finger (on the smaller side) has one strictly
    /// cheapest partner, and no two share it. The sum of those minima bounds every pairing from
    /// below and only this pairing reaches it, so it is the one Kuhn-Munkres would find, in
    /// O(n^2) instead of O(n^3). False, with nothing written, when any minimum is tied or shared.
    private mutating func pairsOwnMinima<Costs: AssignmentCosts>(rows: Int, columns: Int, costs: inout Costs) -> Bool {
        let byRow = rows <= columns
        let sides = byRow ? rows : columns
        let others = byRow ? columns : rows
        var partner = InlineArray<20, Int>(repeating: -1)
        var taken: UInt32 = 0
        for side in 0..<sides {
            var best = -1
            var bestCost = Int64.max
            var tied = false
            for other in 0..<others {
                let cost = byRow ? costs.cost(row: side, column: other) : costs.cost(row: other, column: side)
                if cost < bestCost {
                    best = other
                    bestCost = cost
                    tied = false
                } else if cost == bestCost {
                    tied = true
                }
            }
            let bit: UInt32 = 1 &<< UInt32(best)
            if tied || taken & bit != 0 { return false }
            taken |= bit
            partner[side] = best
        }
        for side in 0..<sides {
            if byRow { columnOfRow[side] = partner[side] } else { columnOfRow[partner[side]] = side }
        }
        return true
    }

    /// Returns, for each column, the row assigned to it or -1. Requires rows <= columns.
    private static func solve(
        rows: Int, columns: Int, cost: (Int, Int) -> Int64
    ) -> InlineArray<20, Int> {
        let infinity = Int64.max / 4
        // 1-based as in the textbook form: index 0 is the virtual start column.
        var rowPotential = InlineArray<21, Int64>(repeating: 0)
        var columnPotential = InlineArray<21, Int64>(repeating: 0)
        var rowOfColumn = InlineArray<21, Int>(repeating: 0)
        var previousColumn = InlineArray<21, Int>(repeating: 0)
        for row in 1...rows {
            rowOfColumn[0] = row
            var column0 = 0
            var slack = InlineArray<21, Int64>(repeating: infinity)
            var used = InlineArray<21, Bool>(repeating: false)
            repeat {
                used[column0] = true
                let row0 = rowOfColumn[column0]
                var delta = infinity
                var column1 = 0
                for column in 1...columns where !used[column] {
                    let reduced = cost(row0 - 1, column - 1) - rowPotential[row0] - columnPotential[column]
                    if reduced < slack[column] {
                        slack[column] = reduced
                        previousColumn[column] = column0
                    }
                    if slack[column] < delta {
                        delta = slack[column]
                        column1 = column
                    }
                }
                for column in 0...columns {
                    if used[column] {
                        rowPotential[rowOfColumn[column]] += delta
                        columnPotential[column] -= delta
                    } else {
                        slack[column] -= delta
                    }
                }
                column0 = column1
            } while rowOfColumn[column0] != 0
            repeat {
                let column1 = previousColumn[column0]
                rowOfColumn[column0] = rowOfColumn[column1]
                column0 = column1
            } while column0 != 0
        }
        var result = InlineArray<20, Int>(repeating: -1)
        for column in 1...columns where rowOfColumn[column] != 0 {
            result[column - 1] = rowOfColumn[column] - 1
        }
        return result
    }
}
