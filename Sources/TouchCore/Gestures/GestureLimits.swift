/// Capacities of the gesture core, fixed at compile time so an engine's size is known before the
/// first frame arrives.
public enum GestureLimits {
    /// Recognizers per engine. Relations are stored as bit masks of this width.
    public static let maxRecognizers = 32
    /// Touches one recognizer follows at once; more are ignored by that recognizer.
    public static let touchesPerRecognizer = 10
    /// Regions per engine, the whole-panel root included.
    public static let maxRegions = 16
    /// Touches the engine remembers: every live contact plus lifted ones whose delivery to the
    /// application is still held back by a recognizer that has not decided yet.
    public static let rememberedTouches = 32
}
