/// Time in the core is data: microseconds on the device's or the replay's clock, never read from a
/// global clock, so every run over the same input is reproducible.
public typealias Microseconds = Int64

public enum TouchLimits {
    /// The most contacts any frame, tracker or recognizer set handles. Boards and configurations
    /// choose a capacity at or below it.
    public static let maxContacts = 20
}
