import TouchCore

/// How a controller numbers its contacts. Real controllers hand out small ids; which one a new
/// finger gets differs between vendors, and the host's tracker must cope with both.
public enum ContactIdPolicy: UInt8, Sendable {
    /// The lowest id not in use, so an id freed by a lift comes back on the very next touch.
    case lowestFree = 0
    /// The id after the last one handed out (skipping ids in use), wrapping at the board's
    /// contact capacity: an id comes back only after the others have had a turn.
    case rotating = 1
}
