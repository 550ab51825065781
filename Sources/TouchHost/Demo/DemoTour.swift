import TouchCore

/// The gestures `touchhost demo` performs on the emulated kiosk panel, each with the recognizer
/// that should answer it. Times leave room after each gesture for the double-tap window and the
/// report timeout, so every step is judged on its own.
public struct DemoStep: Sendable {
    public var title: String
    /// The recognizer whose `recognized`, `began` or `ended` answers this step.
    public var expected: String
    public var start: Microseconds
    public var end: Microseconds
}

public enum DemoTour {
    /// Laid out for the default board, kiosk-15 (345 x 194 mm). The stroke gestures at the end are
    /// judged only when the engine has their recognizers (`steps(for:)`).
    public static let script = """
        # touchhost demo tour
        500ms   tap    172 97
        1500ms  tap    120 97
        1620ms  tap    120 97
        2700ms  hold   172 97 for 900ms
        4200ms  drag   from 80 140 to 160 140 in 1000ms
        5500ms  drag   from 120 60 to 240 60 in 300ms
        6500ms  pinch  at 172 97 from 40 to 120 in 600ms
        7700ms  rotate at 172 97 radius 40 by 90 in 700ms
        9000ms  edge   left at 97 inward 90 in 350ms
        10000ms tap    172 97 fingers 2 spread 30
        11000ms path   150 80, 165 100, 200 55 in 450ms
        12000ms path   207 97, 202 114, 190 127, 172 132, 154 127, 142 114, 137 97, 142 80, 154 67, 172 62, 190 67, 202 79, 207 97 in 900ms
        13500ms palm   at 120 100 size 90 by 70 for 1500ms
        14100ms tap    180 105
        """

    public static let steps: [DemoStep] = [
        DemoStep(title: "tap", expected: "tap", start: 500_000, end: 1_400_000),
        DemoStep(title: "double tap", expected: "double-tap", start: 1_500_000, end: 2_600_000),
        DemoStep(title: "long press", expected: "long-press", start: 2_700_000, end: 4_100_000),
        DemoStep(title: "pan", expected: "pan", start: 4_200_000, end: 5_400_000),
        DemoStep(title: "swipe", expected: "swipe", start: 5_500_000, end: 6_400_000),
        DemoStep(title: "pinch", expected: "pinch", start: 6_500_000, end: 7_600_000),
        DemoStep(title: "rotate", expected: "rotation", start: 7_700_000, end: 8_900_000),
        DemoStep(title: "edge pan", expected: "edge-pan", start: 9_000_000, end: 9_900_000),
        DemoStep(title: "two-finger tap", expected: "two-finger-tap", start: 10_000_000, end: 10_900_000),
        DemoStep(title: "checkmark", expected: "checkmark", start: 11_000_000, end: 11_900_000),
        DemoStep(title: "circle", expected: "circle", start: 12_000_000, end: 13_400_000),
        // A hand resting on the panel is no touch (`--palms suppress`), so the finger beside it taps.
        DemoStep(title: "tap by a palm", expected: "tap", start: 13_500_000, end: 15_400_000),
    ]

    /// The steps an engine with these recognizers can answer.
    public static func steps(for names: [String]) -> [DemoStep] {
        steps.filter { names.contains($0.expected) }
    }
}
