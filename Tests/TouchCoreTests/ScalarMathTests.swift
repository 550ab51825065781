import Foundation
import Testing
import TouchCore

@Suite struct ScalarMathTests {
    @Test(arguments: stride(from: -10.0, through: 10.0, by: 0.37).map { Float($0) })
    func sineAndCosineMatchTheSystemLibrary(angle: Float) {
        #expect(abs(ScalarMath.sin(angle) - Foundation.sin(angle)) < 2e-6)
        #expect(abs(ScalarMath.cos(angle) - Foundation.cos(angle)) < 2e-6)
    }

    @Test(arguments: [(0, 1), (1, 0), (-1, 0), (0, -1), (3, -4), (-2, -7), (1e-4, 5), (-5, 1e-4), (0, 0)] as [(Float, Float)])
    func atan2MatchesTheSystemLibrary(y: Float, x: Float) {
        #expect(abs(ScalarMath.atan2(y, x) - Foundation.atan2(y, x)) < 2e-6)
    }
}
