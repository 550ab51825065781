/// A contact's footprint as an ellipse: its axes in millimetres and the direction of the major
/// axis, in degrees clockwise from the panel's x axis (0 up to 180, an ellipse turned half a turn
/// being itself). A major of 0 means the source does not know the shape.
public struct ContactShape: Equatable, Sendable {
    public var major: Float
    public var minor: Float
    public var orientation: Float

    public init(major: Float, minor: Float, orientation: Float) {
        self.major = major
        self.minor = minor
        self.orientation = orientation
    }

    public static let unknown = ContactShape(major: 0, minor: 0, orientation: 0)

    public var isKnown: Bool { major > 0 }
}
