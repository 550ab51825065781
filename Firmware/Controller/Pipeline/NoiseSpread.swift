/// About `NoiseGate.samples` pairs of row neighbours, spread over the panel: each index `i` pairs
/// node i with node i + 1 on the same row, so both are below columns x rows. Wrapping arithmetic:
/// every value is below the node count.
struct SampledPairs {
    private let columns: Int
    private let rows: Int
    private let step: Int
    private var row = 0
    private var rowStart = 0
    private var column: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        step = max(1, (columns - 1) * rows / NoiseGate.samples)
        column = 0
    }

    mutating func next() -> Int? {
        while row < rows {
            if column < columns &- 1 {
                defer { column &+= step }
                return rowStart &+ column
            }
            row &+= 1
            rowStart &+= columns
            // Staggered from row to row, so a step that divides the row length still samples
            // every column of the panel.
            column = (row &* 7) % step
        }
        return nil
    }
}

/// The mean of absolute values, each clipped: a few large ones (a finger's flank) move it little.
/// Values come in Q4 counts (sixteenths) and are summed as integers; the mean is in counts.
struct ClippedMean {
    let clip: Float
    /// The smallest Q4 magnitude that is clipped.
    private let clipQ4: Int32
    /// Of the magnitudes below the clip, Q4 (at most 2^21 each, 2^28 for a scan's samples).
    private var sum: Int32 = 0
    private var clipped: Int32 = 0
    private var count: Int32 = 0

    init(clip: Float) {
        self.clip = clip
        let scaled = min(clip * 16, Float(1 << 30))
        var limit = Int32(max(scaled, 0))
        if Float(Int(limit)) < scaled { limit += 1 }
        clipQ4 = limit
    }

    mutating func add(q4 value: Int32) {
        let magnitude = value < 0 ? 0 &- value : value
        if magnitude >= clipQ4 { clipped &+= 1 } else { sum &+= magnitude }
        count &+= 1
    }

    var mean: Float {
        count > 0 ? (Float(Int(sum)) / 16 + Float(Int(clipped)) * clip) / Float(Int(count)) : 0
    }
}
