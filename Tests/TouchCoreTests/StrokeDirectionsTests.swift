import Testing
import TouchCore

@Suite struct StrokeDirectionsTests {
    typealias S = StrokeTestShapes

    static func directions(_ points: [PanelPoint]) -> StrokeDirections {
        StrokeDirections(ResampledStroke(S.buffer(points, spacing: 0.05)).points)
    }

    @Test func aCircleTravelsEveryDirectionAlike() {
        let circle = Self.directions(S.arc(center: S.p(25, 25), radius: 15, turns: 1, count: 400))
        for s in 0..<StrokeDirections.sectorCount {
            #expect(abs(circle.shares[s] - 1 / 16) < 0.02, "sector \(s): \(circle.shares[s])")
        }
    }

    @Test func aRectangleTravelsFourDirectionsOnly() {
        let rectangle = Self.directions(S.polyline([S.p(10, 10), S.p(10, 30), S.p(50, 30), S.p(50, 10), S.p(10, 10)], step: 0.1))
        let axes = [0, 4, 8, 12].map { rectangle.shares[$0] }
        #expect(axes.reduce(0, +) > 0.95)
        // Twice as long as it is high: the horizontal sides carry two thirds of the path.
        #expect(abs(rectangle.shares[0] + rectangle.shares[8] - 2.0 / 3) < 0.03)
    }

    @Test func aStepBetweenTwoSectorsIsSharedByBoth() {
        // 11.25° lies halfway between sector 0 (0°) and sector 1 (22.5°).
        let angle = 11.25 * ScalarMath.pi / 180
        let line = Self.directions([S.p(0, 0), S.p(40 * ScalarMath.cos(angle), 40 * ScalarMath.sin(angle))])
        #expect(abs(line.shares[0] - 0.5) < 0.02)
        #expect(abs(line.shares[1] - 0.5) < 0.02)
    }

    @Test func theDifferenceRunsFromZeroForTheSameDirectionsToTwoForNoneShared() {
        let right = Self.directions([S.p(0, 0), S.p(40, 0)])
        let left = Self.directions([S.p(40, 0), S.p(0, 0)])
        let circle = Self.directions(S.arc(center: S.p(25, 25), radius: 15, turns: 1))
        #expect(right.difference(to: right) == 0)
        #expect(abs(right.difference(to: left) - 2) < 1e-4)
        #expect(circle.difference(to: right) == right.difference(to: circle))
        #expect(circle.difference(to: right) > 1.5)
    }

    @Test func aPointTravelsNowhere() {
        let point = Self.directions([S.p(5, 5)])
        for s in 0..<StrokeDirections.sectorCount { #expect(point.shares[s] == 0) }
    }
}
