/// Costs read once into a fixed 20 x 20 matrix, because Kuhn-Munkres reads each cost O(n) times
/// and computing one (a square root for the gate, a squared distance) costs more than loading it.
struct AssignmentCostMatrix: AssignmentCosts {
    private var entries = InlineArray<400, Int64>(repeating: 0)

    init(rows: Int, columns: Int, costs: borrowing AnonymousCosts) {
        precondition(
            rows <= MinimumCostAssignment.maxSide && columns <= MinimumCostAssignment.maxSide,
            "cost matrix larger than capacity")
        // The lists through spans: a subscript read of a borrowed inline list can copy all of it.
        let predicted = costs.predicted.elements, gates = costs.gates.elements, positions = costs.positions.elements
        for row in 0..<rows {
            for column in 0..<columns {
                entries[row * MinimumCostAssignment.maxSide + column] = costs.cost(
                    from: predicted[row], to: positions[column], gate: gates[row])
            }
        }
    }

    mutating func cost(row: Int, column: Int) -> Int64 {
        entries.span[row * MinimumCostAssignment.maxSide + column]
    }
}
