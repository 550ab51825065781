/// Trigonometry for TouchCore. Embedded Swift has no libm import, so the core carries its own.
/// Accuracy is a few parts in 10^7, far below the millimetre and degree scales gestures care about.
public enum ScalarMath {
    public static let pi: Float = 3.14159265358979
    public static let twoPi: Float = 6.28318530717959
    public static let halfPi: Float = 1.57079632679490

    /// Wraps an angle into (-pi, pi].
    public static func wrapAngle(_ angle: Float) -> Float {
        var a = angle
        if a > pi || a <= -pi {
            let turns = (a / twoPi).rounded()
            a -= turns * twoPi
        }
        if a > pi { a -= twoPi }
        if a <= -pi { a += twoPi }
        return a
    }

    public static func sin(_ angle: Float) -> Float {
        var x = wrapAngle(angle)
        // sin(pi - x) == sin(x) keeps the series argument within [-pi/2, pi/2].
        if x > halfPi { x = pi - x } else if x < -halfPi { x = -pi - x }
        let x2 = x * x
        // Taylor series to x^13; the remainder is below 1e-8 on [-pi/2, pi/2].
        var term = x
        var sum = x
        var n: Float = 1
        for _ in 0..<6 {
            term *= -x2 / ((n + 1) * (n + 2))
            n += 2
            sum += term
        }
        return sum
    }

    public static func cos(_ angle: Float) -> Float { sin(angle + halfPi) }

    /// Arctangent on all reals.
    public static func atan(_ value: Float) -> Float {
        if value < 0 { return -atan(-value) }
        if value > 1 { return halfPi - atan(1 / value) }
        // tan(pi/8): beyond it, shift by pi/4 so the series converges fast.
        if value > 0.41421356 { return pi / 4 + atanSeries((value - 1) / (value + 1)) }
        return atanSeries(value)
    }

    private static func atanSeries(_ x: Float) -> Float {
        let x2 = x * x
        var power = x
        var sum: Float = 0
        var denominator: Float = 1
        var sign: Float = 1
        for _ in 0..<9 {
            sum += sign * power / denominator
            power *= x2
            denominator += 2
            sign = -sign
        }
        return sum
    }

    /// The angle of the vector (x, y) in (-pi, pi], as C's atan2(y, x).
    public static func atan2(_ y: Float, _ x: Float) -> Float {
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
        if y > 0 { return halfPi }
        if y < 0 { return -halfPi }
        return 0
    }
}
