/// How a recognizer takes part in arbitration and in the delivery of raw touches to the
/// application. Defaults are UIKit's.
public struct RecognizerOptions: Sendable {
    /// The region whose touches the recognizer receives. The root region (the whole panel) sees
    /// every touch, like a gesture on the window's root view.
    public var region: RegionIndex = .root
    /// When the recognizer sends its first action, touches it is analysing are cancelled for the
    /// application and no longer delivered.
    public var cancelsTouchesInView = true
    /// While the recognizer may still recognize, the application does not get touches beginning.
    public var delaysTouchesBegan = false
    /// While the recognizer may still recognize, the application does not get touches ending.
    public var delaysTouchesEnded = true
    /// Whether this recognizer, once it begins or recognizes, makes competing ones fail.
    public var canPreventOthers = true
    /// Whether competing recognizers that begin or recognize make this one fail.
    public var canBePrevented = true
    public var isEnabled = true

    public init(
        region: RegionIndex = .root, cancelsTouchesInView: Bool = true,
        delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true
    ) {
        self.region = region
        self.cancelsTouchesInView = cancelsTouchesInView
        self.delaysTouchesBegan = delaysTouchesBegan
        self.delaysTouchesEnded = delaysTouchesEnded
    }
}
