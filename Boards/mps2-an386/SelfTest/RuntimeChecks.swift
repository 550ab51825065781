/// Hides a value from the optimizer so the check exercises the board's arithmetic helpers at run
/// time instead of constants folded at compile time.
@_optimize(none) @inline(never)
func opaque<T>(_ value: T) -> T { value }

/// The 64-bit and Float helpers in Support/arith64.c, checked against identities and exact values.
struct RuntimeChecks {
    private(set) var failures = 0

    mutating func run(_ console: inout SemihostConsole) {
        let dividends: InlineArray<6, Int64> = [10_000_000_000, -10_000_000_000, 7, -1, 0x7FFF_FFFF_FFFF_FFFF, 123_456_789_012]
        let divisors: InlineArray<5, Int64> = [7, -3, 1_000_000, 0x1_0000_0001, -0x7FFF_FFFF]
        for i in dividends.indices {
            for j in divisors.indices {
                let n = opaque(dividends[i]), d = opaque(divisors[j])
                let q = n / d, r = n % d
                let remainderFits = r.magnitude < d.magnitude && (r == 0 || (r < 0) == (n < 0))
                check(q &* d &+ r == n && remainderFits, "Int64 division", &console)
            }
        }
        let big = opaque(UInt64.max)
        check(big / 3 == 0x5555_5555_5555_5555 && big % 3 == 0, "UInt64 division", &console)
        check(opaque(UInt64(0x1234_5678_9ABC_DEF0)) / opaque(0x1_0000_0000) == 0x1234_5678, "UInt64 high word", &console)

        let shift = opaque(36)
        check(opaque(Int64(-0x10_0000_0000)) &>> Int64(_truncatingBits: UInt(bitPattern: shift)) == -1, "Int64 shift", &console)
        check(opaque(UInt64(1)) &<< UInt64(_truncatingBits: UInt(bitPattern: shift)) == 0x10_0000_0000, "UInt64 shift", &console)

        check(Float(opaque(Int64(1) &<< 40)) == 1_099_511_627_776, "Int64 to Float", &console)
        // 2^24 + 1 lies halfway between two Floats: ties go to the even one, 2^24.
        check(Float(opaque(Int64(-16_777_217))) == -16_777_216, "Int64 to Float rounding", &console)
        check(Float(opaque(Int64(0x7FFF_FFFF_FFFF_FFFF))) == 9_223_372_036_854_775_808, "Int64.max to Float", &console)
        check(Int64(opaque(Float(-1e12))) == -999_999_995_904, "Float to Int64", &console)
        check(Int64(opaque(Float(-0.75))) == 0, "Float to Int64 truncation", &console)
        check(UInt64(opaque(Float(3e12))) == 3_000_000_053_248, "Float to UInt64", &console)
        // Rounding through Support/floatmath.c: halves, negatives, tiny and huge values.
        let values: InlineArray<7, Float> = [2.5, -2.5, 0.49999997, -0.2, 1.5, 8_388_607.5, -3.75]
        let down: InlineArray<7, Float> = [2, -3, 0, -1, 1, 8_388_607, -4]
        let away: InlineArray<7, Float> = [3, -3, 0, -0, 2, 8_388_608, -4]
        let even: InlineArray<7, Float> = [2, -2, 0, -0, 2, 8_388_608, -4]
        let towardZero: InlineArray<7, Float> = [2, -2, 0, -0, 1, 8_388_607, -3]
        for i in values.indices {
            let v = opaque(values[i])
            check(v.rounded(.down) == down[i], "floorf", &console)
            check(v.rounded(.up) == -(-v).rounded(.down), "ceilf", &console)
            check(v.rounded() == away[i], "roundf", &console)
            check(v.rounded(.toNearestOrEven) == even[i], "rintf", &console)
            check(v.rounded(.towardZero) == towardZero[i], "truncf", &console)
        }

        let root = opaque(Float(2)).squareRoot()
        check(root * root > 1.9999998 && root * root < 2.0000002, "squareRoot", &console)
    }

    private mutating func check(_ ok: Bool, _ what: StaticString, _ console: inout SemihostConsole) {
        guard !ok else { return }
        failures += 1
        console.append("FAIL runtime: ")
        console.append(what)
        console.flush()
    }
}
