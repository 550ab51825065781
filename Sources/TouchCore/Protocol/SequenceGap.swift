/// Report sequence numbers are 16 bits and wrap; a gap means reports were lost on the way.
public enum SequenceGap {
    /// How many reports were lost between `previous` and `current` (0 when `current` follows
    /// `previous` directly). A repeat of `previous` yields 65535: treat large gaps as a restart.
    public static func lost(after previous: UInt16, at current: UInt16) -> Int {
        Int(current &- previous &- 1)
    }
}
