/// What a `FrameDecoder` has seen, for status lines and tests. Every input byte ends up either in a
/// decoded frame, an idle delimiter, or `skippedBytes`.
public struct DecoderStatistics: Equatable, Sendable {
    /// Input bytes pushed.
    public var bytes = 0
    /// Frames decoded.
    public var frames = 0
    /// Input bytes (delimiters included) of rejected frames.
    public var skippedBytes = 0
    /// Times a good frame followed skipped input: the decoder lost and found the frame boundary.
    public var resyncs = 0
    /// Rejected frames by reason, indexed by `FrameRejection.rawValue`.
    public var rejections: InlineArray<7, Int> = InlineArray(repeating: 0)

    public init() {}

    public func rejected(_ reason: FrameRejection) -> Int { rejections[Int(reason.rawValue)] }

    public var rejectedFrames: Int {
        var total = 0
        for index in rejections.indices { total += rejections[index] }
        return total
    }

    mutating func count(_ reason: FrameRejection) { rejections[Int(reason.rawValue)] += 1 }

    public static func == (a: DecoderStatistics, b: DecoderStatistics) -> Bool {
        guard a.bytes == b.bytes, a.frames == b.frames, a.skippedBytes == b.skippedBytes, a.resyncs == b.resyncs
        else { return false }
        for index in a.rejections.indices where a.rejections[index] != b.rejections[index] { return false }
        return true
    }
}
