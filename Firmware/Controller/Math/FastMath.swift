import TouchCore

/// Natural log and exp for the scan pipeline and the simulated panel. Embedded Swift has no libm,
/// and both only need about six significant digits.
public enum FastMath {
    private static let ln2: Float = 0.693147180559945
    private static let log2e: Float = 1.442695040888963

    /// ln(x) for x > 0; returns a large negative number for x <= 0 rather than trapping.
    public static func log(_ x: Float) -> Float {
        guard x > 0 else { return -100 }
        let bits = x.bitPattern
        var exponent = Int32((bits >> 23) & 0xff) - 127
        var mantissa = Float(bitPattern: (bits & 0x7f_ffff) | 0x3f80_0000)
        // Centring the mantissa on 1 keeps the atanh series argument below 0.18.
        if mantissa > 1.41421356 {
            mantissa *= 0.5
            exponent += 1
        }
        let z = (mantissa - 1) / (mantissa + 1)
        let z2 = z * z
        let series = z * (2 + z2 * (0.666666667 + z2 * (0.4 + z2 * (0.285714286 + z2 * 0.222222222))))
        return Float(Int(exponent)) * ln2 + series
    }

    /// The largest integer not above x, for |x| < 2^31. Float's own rounding lowers to libm's
    /// floorf and roundf, which a bare-metal image may lack.
    public static func floor(_ x: Float) -> Int {
        let truncated = Int(x)
        return Float(truncated) > x ? truncated - 1 : truncated
    }

    /// The nearest integer, halves away from zero, for |x| < 2^31.
    public static func round(_ x: Float) -> Int {
        x >= 0 ? Int(x + 0.5) : -Int(-x + 0.5)
    }

    /// e^x; underflows to 0 below -87.
    public static func exp(_ x: Float) -> Float {
        if x < -87 { return 0 }
        if x > 88 { return .greatestFiniteMagnitude }
        let t = x * log2e
        let whole = Float(floor(t))
        let f = (t - whole) * ln2
        let p = 1 + f * (1 + f * (0.5 + f * (0.166666667 + f * (0.041666667 + f * (0.008333333
            + f * (0.001388889 + f * 0.000198413))))))
        let scale = Float(bitPattern: UInt32(Int32(whole) + 127) << 23)
        return p * scale
    }
}
