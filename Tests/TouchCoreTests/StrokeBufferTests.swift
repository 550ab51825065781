import Testing
import TouchCore

@Suite struct StrokeBufferTests {
    @Test func samplesCloserThanTheSpacingAddNothing() {
        var buffer = StrokeBuffer(spacing: 1)
        let kept = [
            buffer.append(StrokeSample(x: 0, y: 0, time: 0)),
            buffer.append(StrokeSample(x: 0.5, y: 0, time: 1)),
            buffer.append(StrokeSample(x: 1.5, y: 0, time: 2)),
        ]
        #expect(kept == [true, false, true])
        #expect(buffer.count == 2)
        #expect(buffer.offeredCount == 3)
    }

    @Test func theLiftIsKeptEvenWhenCloseToTheLastSample() {
        var buffer = StrokeBuffer(spacing: 1)
        buffer.append(StrokeSample(x: 0, y: 0, time: 0))
        buffer.append(StrokeSample(x: 2, y: 0, time: 1))
        buffer.append(StrokeSample(x: 2.4, y: 0, time: 2), final: true)
        #expect(buffer.count == 2)
        #expect(buffer.last == StrokeSample(x: 2.4, y: 0, time: 2))
    }

    @Test(arguments: [300, 1000, 10_000])
    func aLongStrokeStaysBoundedAndKeepsBothEnds(sampleCount: Int) {
        var buffer = StrokeBuffer(spacing: 0.5)
        for i in 0..<sampleCount {
            buffer.append(StrokeSample(x: Float(i), y: 0, time: Int64(i)), final: i == sampleCount - 1)
        }
        #expect(buffer.count <= StrokeBuffer.capacity)
        #expect(buffer.decimations > 0)
        #expect(buffer.spacing == 0.5 * Float(1 << buffer.decimations))
        #expect(buffer.first?.position.x == 0)
        #expect(buffer.last?.position.x == Float(sampleCount - 1))
    }

    @Test func decimationKeepsTheShapeOfACircle() {
        let points = StrokeTestShapes.arc(center: .init(x: 50, y: 50), radius: 30, turns: 1, count: 2000)
        let buffer = StrokeTestShapes.buffer(points, spacing: 0.01)
        #expect(buffer.decimations > 0)
        #expect(abs(buffer.pathLength - ScalarMath.twoPi * 30) < 1)
    }

    @Test func resamplingSpacesPointsEvenlyAlongThePath() {
        // Samples bunched at the start and sparse at the end.
        let points = [0, 0.5, 1, 1.5, 2, 10, 40, 64].map { StrokeTestShapes.p(Float($0), 0) }
        let path = ResampledStroke(StrokeTestShapes.buffer(points, spacing: 0.1))
        for i in 0..<ResampledStroke.pointCount {
            #expect(abs(path[i].x - Float(i) * 64 / 63) < 0.01)
        }
    }
}
