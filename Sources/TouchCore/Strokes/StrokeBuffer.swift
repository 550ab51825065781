/// The samples of one stroke in fixed memory. Samples closer than `spacing` to the last kept one
/// add nothing to the shape and are skipped. When the buffer fills, every other sample is dropped
/// and the spacing doubles, so a stroke of any length keeps its whole shape at a coarser grain
/// instead of losing its end or its start.
public struct StrokeBuffer: Sendable {
    public static let capacity = 256

    /// A sample as kept: its time as microseconds from the stroke's first sample, in 32 bits
    /// (saturating past 35 minutes either way), which makes a sample 12 bytes where a
    /// `StrokeSample` is 16: 1 KiB less in every engine, the controller's included.
    struct KeptSample: Sendable {
        var position: PanelPoint
        var elapsed: Int32

        func sample(from origin: Microseconds) -> StrokeSample {
            StrokeSample(position: position, time: origin &+ Microseconds(widening: elapsed))
        }
    }

    var samples: InlineList<256, KeptSample>
    /// The time of the first sample, which kept samples count from.
    private var origin: Microseconds = 0
    /// The spacing the stroke was started with, mm.
    public let initialSpacing: Float
    /// The spacing now in force, mm: `initialSpacing` doubled once per decimation.
    public private(set) var spacing: Float
    /// How many times the buffer halved itself.
    public private(set) var decimations: Int = 0
    /// Every sample offered, kept or not, so callers can report what the finger did.
    public private(set) var offeredCount: Int = 0

    public init(spacing: Float = 0.25) {
        samples = InlineList(filler: KeptSample(position: .zero, elapsed: 0))
        initialSpacing = spacing
        self.spacing = spacing
    }

    public var count: Int { samples.count }
    public var isEmpty: Bool { samples.isEmpty }
    public var indices: Range<Int> { samples.indices }
    // The readers below take the buffer where it lies (`@_addressableSelf`): a plain getter of
    // this 4 KiB value copied it whole to the stack to reach one sample, and an analyzer at a
    // stroke's end stacked several such copies (20 KiB of the Cortex-M4's stack). Functions that
    // take a stroke take it `@_addressable` for the same reason.
    public subscript(index: Int) -> StrokeSample {
        @_addressableSelf get { samples.elements[index].sample(from: origin) }
    }

    public var first: StrokeSample? {
        @_addressableSelf get { samples.isEmpty ? nil : samples.elements[0].sample(from: origin) }
    }
    public var last: StrokeSample? {
        @_addressableSelf get { samples.isEmpty ? nil : samples.elements[samples.count - 1].sample(from: origin) }
    }

    public var duration: Microseconds {
        @_addressableSelf get { samples.isEmpty ? 0 : Microseconds(widening: samples.elements[samples.count - 1].elapsed) }
    }


    private static func kept(_ sample: StrokeSample, origin: Microseconds) -> KeptSample {
        // Compared and truncated, not converted with `init(clamping:)`: on a 32-bit target its
        // generic path builds an array of the value's words (Protocol/Widening.swift).
        let elapsed = sample.time &- origin
        let limit: Microseconds = 0x7FFF_FFFF
        let clamped: Int32 =
            if sample.time >= origin && (elapsed > limit || elapsed < 0) { .max }
            else if sample.time < origin && (elapsed < -limit - 1 || elapsed > 0) { .min }
            else { Int32(truncatingIfNeeded: elapsed) }
        return KeptSample(position: sample.position, elapsed: clamped)
    }

    /// The length of the kept polyline, mm.
    public var pathLength: Float {
        @_addressableSelf get {
            var length: Float = 0
            var index = 1
            let samples = self.samples.elements
            while index < samples.count {
                length += samples[index].position.distance(to: samples[index - 1].position)
                index += 1
            }
            return length
        }
    }

    public mutating func removeAll() {
        samples.removeAll()
        origin = 0
        spacing = initialSpacing
        decimations = 0
        offeredCount = 0
    }

    /// Adds a sample unless it lies within `spacing` of the last kept one. A `final` sample (the
    /// lift) always counts: it replaces a too-close last sample so the stroke ends where the finger
    /// left. Returns whether the sample was kept.
    @discardableResult
    public mutating func append(_ sample: StrokeSample, final: Bool = false) -> Bool {
        offeredCount += 1
        // The last sample read through the list's span: `last` copied the whole buffer for every
        // sample of every stroke, and so did the list's subscript (a 3 KiB copy a report).
        if !samples.isEmpty,
            samples.elements[samples.count - 1].position.squaredDistance(to: sample.position) < spacing * spacing
        {
            guard final, samples.count > 1 else { return false }
            samples[samples.count - 1] = Self.kept(sample, origin: origin)
            return true
        }
        if samples.isEmpty { origin = sample.time }
        if samples.isFull { decimate() }
        samples.append(Self.kept(sample, origin: origin))
        return true
    }

    private mutating func decimate() {
        var kept = 0
        var index = 0
        while index < samples.count {
            // Read through the span, as in `append`: the subscript's read copied the buffer.
            let sample = samples.elements[index]
            samples[kept] = sample
            kept += 1
            index += 2
        }
        while samples.count > kept { samples.remove(at: samples.count - 1) }
        spacing *= 2
        decimations += 1
    }
}
