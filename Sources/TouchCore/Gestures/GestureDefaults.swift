/// Default parameters of the built-in recognizers, in millimetres and microseconds.
/// Platform guidelines give these in density-independent units; they are converted here once,
/// and docs/gestures.md says which anchor each default comes from and why.
public enum GestureDefaults {
    /// An iOS point: 1/163 inch, the pixel of the first iPhone's 163 ppi screen.
    public static let millimetresPerPoint: Float = 25.4 / 163
    /// An Android density-independent pixel: 1/160 inch by definition.
    public static let millimetresPerDp: Float = 25.4 / 160
    /// A Flutter logical pixel: about 96 per inch (Flutter documents "roughly 38 per centimetre").
    public static let millimetresPerLogicalPixel: Float = 25.4 / 96

    /// Movement that still counts as holding still (tap, long press) and that a pan, pinch or
    /// rotation needs before it begins. Flutter's kTouchSlop, 18 logical px = 4.8 mm: the phone
    /// values (UIKit 10 pt = 1.6 mm, Android 8 dp = 1.3 mm) are below the wobble of a finger
    /// pressing on a large kiosk panel.
    public static let touchSlop: Float = 18 * millimetresPerLogicalPixel

    /// UIKit's minimumPressDuration (0.5 s), also Android's long-press timeout.
    public static let longPressDuration: Microseconds = 500_000

    /// Longest wait from one tap's lift to the next tap's touch-down: Android DOUBLE_TAP_TIMEOUT and
    /// Flutter kDoubleTapTimeout, both 300 ms.
    public static let maxTapInterval: Microseconds = 300_000

    /// Farthest the taps of one multi-tap may land from the first: Android DOUBLE_TAP_SLOP, 100 dp.
    public static let maxTapDistance: Float = 100 * millimetresPerDp

    /// A swipe must cover this much ground before it is judged (our choice: 2.5 touch slops, so a
    /// tap's wobble or a pan's first millimetres never look like a flick).
    public static let swipeMinimumDistance: Float = 12
    /// Average speed from touch-down a swipe needs, mm/s (our choice: deliberate flicks measure
    /// 150-600 mm/s, positioning drags 20-80 mm/s; Android's 50 dp/s fling floor is far too low
    /// to tell them apart).
    public static let swipeMinimumSpeed: Float = 120
    /// How far off its axis a swipe may travel: 30 degrees either side.
    public static let swipeAngleTolerance: Float = ScalarMath.pi / 6

    /// Width of the band along a panel edge where an edge pan must start (our choice: a fingertip
    /// pressed against the bezel reports its centroid 4-6 mm inside the active area, so a band
    /// narrower than about 10 mm would miss real edge swipes).
    public static let edgeBandWidth: Float = 10

    /// Time constant of the velocity low-pass: long enough to smooth 120 Hz report jitter,
    /// short enough that the velocity at lift reflects the last few frames.
    public static let velocitySmoothing: Microseconds = 40_000
}
