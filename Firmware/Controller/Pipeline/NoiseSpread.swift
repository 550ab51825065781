/// About `NoiseGate.samples` pairs of row neighbours, spread over the panel: each index `i` pairs
/// node i with node i + 1 on the same row.
struct SampledPairs {
    private let columns: Int
    private let rows: Int
    private let step: Int
    private var row = 0
    private var column: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        step = max(1, (columns - 1) * rows / NoiseGate.samples)
        column = 0
    }

    mutating func next() -> Int? {
        while row < rows {
            if column < columns - 1 {
                defer { column += step }
                return row * columns + column
            }
            row += 1
            // Staggered from row to row, so a step that divides the row length still samples
            // every column of the panel.
            column = (row * 7) % step
        }
        return nil
    }
}

/// The mean of absolute values, each clipped: a few large ones (a finger's flank) move it little.
struct ClippedMean {
    let clip: Float
    private var sum: Float = 0
    private var count = 0

    init(clip: Float) { self.clip = clip }

    mutating func add(_ value: Float) {
        sum += min(clip, value < 0 ? -value : value)
        count += 1
    }

    var mean: Float { count > 0 ? sum / Float(count) : 0 }
}
