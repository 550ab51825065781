import TouchCore

/// A panel and its analog front end in software: per-node base counts, slow baseline drift,
/// front-end noise and the profile each finger leaves on the node grid, all driven by one seed so
/// a run can be repeated exactly.
public struct SimulatedPanel: AnalogFrontEnd, Sendable {
    public let board: BoardDefinition
    public private(set) var fingers: InlineList<20, SimulatedFinger>
    /// Scales every finger's signal: below 1 a light or gloved touch.
    public var fingerStrength: Float = 1
    /// Scales the board's noise: 0 for a noiseless panel, above 1 near a noisy charger.
    public var noiseScale: Float = 1
    /// Multiplies the noise during interference bursts (a fault), on top of `noiseScale`.
    public var interferenceScale: Float = 1
    /// Multiplies the board's drift rate.
    public var driftScale: Float = 1
    /// The panel-wide offset the drift has reached, counts.
    public private(set) var drift: Float = 0

    /// Untouched count of an average node; real mutual-capacitance front ends sit at a few thousand.
    public static let nominalCount: Int32 = 2000

    private var random: Xorshift32
    private let nodeSeed: UInt32
    private var driftDirection: Float = 1
    private var lastMeasureTime: Microseconds?
    private var columnDrift: InlineArray<128, Int32> = InlineArray(repeating: 0)

    public init(board: BoardDefinition, seed: UInt64) {
        precondition(board.isSupported, "board does not fit the firmware's buffers")
        self.board = board
        fingers = InlineList(filler: .placeholder)
        random = Xorshift32(seed: seed)
        nodeSeed = random.next()
        if random.next() & 1 == 0 { driftDirection = -1 }
    }

    public mutating func apply(_ stimulus: FingerStimulus) {
        switch stimulus.action {
        case .down, .move:
            for i in fingers.indices where fingers[i].finger == stimulus.finger {
                fingers[i].position = stimulus.position
                if stimulus.shape.isKnown || stimulus.isPalm {
                    fingers[i].footprint = WireShape(stimulus.shape, isPalm: stimulus.isPalm)
                }
                return
            }
            // A move for a finger that is not down puts it down: a forgiving script player.
            fingers.append(
                SimulatedFinger(
                    finger: stimulus.finger, position: stimulus.position,
                    footprint: stimulus.shape.isKnown || stimulus.isPalm ? WireShape(stimulus.shape, isPalm: stimulus.isPalm) : .unknown))
        case .up:
            for i in fingers.indices where fingers[i].finger == stimulus.finger {
                fingers.remove(at: i)
                return
            }
        case .liftAll:
            fingers.removeAll()
        }
    }

    public mutating func measure(into counts: inout CountGrid, at time: Microseconds) {
        advanceDrift(to: time)
        renderBackground(into: &counts)
        let amplitude = board.fingerAmplitude * fingerStrength
        if amplitude > 0 {
            for i in fingers.indices {
                if fingers[i].hasOwnShape {
                    ContactFootprint.render(fingers[i], board: board, amplitude: amplitude, into: &counts)
                } else {
                    render(fingers[i].position, amplitude: amplitude, into: &counts)
                }
            }
        }
    }

    /// Drift wanders at the board's rate and turns round now and then, like a panel warming and
    /// cooling; it leans across the panel because a display heats one side more than the other.
    private mutating func advanceDrift(to time: Microseconds) {
        // Float(Int64) is generic on a 32-bit target; an elapsed time clamped to 100 s fits an Int.
        let elapsed = lastMeasureTime.map { min(max(0, time - $0), 100_000_000) } ?? 0
        let seconds = Float(Int(truncatingIfNeeded: elapsed)) * 1e-6
        lastMeasureTime = time
        if random.chance(seconds / 20) { driftDirection = -driftDirection }
        drift += board.baselineDriftRate * driftScale * seconds * driftDirection
        if drift > 400 { driftDirection = -1 } else if drift < -400 { driftDirection = 1 }
        let columns = board.columns
        for c in 0..<columns {
            let lean = 0.8 + 0.4 * Float(c) / Float(columns)
            columnDrift[c] = Int32(FastMath.round(drift * lean))
        }
    }

    private mutating func renderBackground(into counts: inout CountGrid) {
        let noiseQ16 = Int32(board.noiseCounts * noiseScale * interferenceScale / Xorshift32.byteSumSigma * 65536)
        let columns = board.columns
        var index = 0
        for _ in 0..<board.rows {
            for c in 0..<columns {
                // Base counts differ node to node (trace lengths, glass); a hash keeps them
                // fixed for the seed without a second buffer.
                var h = (UInt32(truncatingIfNeeded: index) &* 0x9E37_79B1) ^ nodeSeed
                h ^= h >> 15
                h = h &* 0x2C1B_3C6D
                h ^= h >> 12
                let base = SimulatedPanel.nominalCount &+ Int32(h & 255) &- 128
                let noise = (random.nextByteSum() &* noiseQ16 &+ 32768) &>> 16
                counts[index] = Int16(truncatingIfNeeded: base &+ columnDrift[c] &+ noise)
                index &+= 1
            }
        }
    }

    /// A separable Gaussian bump: one exp per column and row of its window, not per node.
    private func render(_ finger: PanelPoint, amplitude: Float, into counts: inout CountGrid) {
        let sigma = board.touchProfileSigma
        let inverseTwoSigmaSquared = 1 / (2 * sigma * sigma)
        let pitchX = board.nodePitchX
        let pitchY = board.nodePitchY
        let reachX = min(7, Int(3.5 * sigma / pitchX) + 1)
        let reachY = min(7, Int(3.5 * sigma / pitchY) + 1)
        let centreColumn = FastMath.floor(max(-1000, min(1000, finger.x / pitchX)))
        let centreRow = FastMath.floor(max(-1000, min(1000, finger.y / pitchY)))
        let firstColumn = max(0, centreColumn - reachX)
        let lastColumn = min(board.columns - 1, centreColumn + reachX)
        let firstRow = max(0, centreRow - reachY)
        let lastRow = min(board.rows - 1, centreRow + reachY)
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return }
        var weightX = InlineArray<16, Float>(repeating: 0)
        for c in firstColumn...lastColumn {
            let dx = (Float(c) + 0.5) * pitchX - finger.x
            weightX[c - firstColumn] = FastMath.exp(-dx * dx * inverseTwoSigmaSquared)
        }
        for r in firstRow...lastRow {
            let dy = (Float(r) + 0.5) * pitchY - finger.y
            let rowWeight = amplitude * FastMath.exp(-dy * dy * inverseTwoSigmaSquared)
            for c in firstColumn...lastColumn {
                let signal = Int16(rowWeight * weightX[c - firstColumn] + 0.5)
                counts[c, r] = counts[c, r] &- signal
            }
        }
    }
}
