import Firmware
import Foundation
import Testing

@Suite struct FastMathTests {
    @Test(arguments: [1e-6, 0.01, 0.3, 0.7071, 1, 1.5, 2.718, 10, 345.6, 4095, 1e6] as [Float])
    func logMatchesTheSystemLibrary(x: Float) {
        #expect(abs(FastMath.log(x) - Foundation.log(x)) < 2e-6 * max(1, abs(Foundation.log(x))))
    }

    @Test(arguments: [-80, -20, -4.5, -1, -0.25, 0, 0.5, 1, 3, 20] as [Float])
    func expMatchesTheSystemLibrary(x: Float) {
        let expected = Foundation.exp(x)
        #expect(abs(FastMath.exp(x) - expected) <= 2e-6 * expected)
    }

    @Test(arguments: [-2.5, -2, -1.5, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 1000.9] as [Float])
    func floorAndRoundMatchTheSystemLibrary(x: Float) {
        #expect(FastMath.floor(x) == Int(x.rounded(.down)))
        #expect(FastMath.round(x) == Int(x.rounded()))
    }

    @Test func theRandomStreamIsSpreadEvenlyAndNormalishWithUnitScale() {
        var random = Xorshift32(seed: 5)
        var sum: Float = 0
        var squares: Float = 0
        let n = 20_000
        for _ in 0..<n {
            let v = Float(random.nextByteSum()) / Xorshift32.byteSumSigma
            sum += v
            squares += v * v
        }
        #expect(abs(sum / Float(n)) < 0.03)
        #expect(abs(squares / Float(n) - 1) < 0.05)
    }
}
