import Testing
import TouchCore

@Suite struct StrokeAnalyzerTests {
    typealias S = StrokeTestShapes

    // MARK: checkmark

    @Test func aCheckmarkReportsItsLowestPointAsTheVertex() throws {
        let stroke = S.buffer(S.polyline([S.p(10, 20), S.p(16, 28), S.p(34, 4)]))
        let check = try #require(CheckmarkAnalyzer().analyze(stroke))
        #expect(check.vertex == S.p(16, 28))
    }

    @Test(arguments: [
        ("symmetric v ends level with its start", [S.p(10, 10), S.p(20, 30), S.p(30, 10)]),
        ("right to left", [S.p(34, 20), S.p(28, 28), S.p(10, 4)]),
        ("up first", [S.p(10, 20), S.p(16, 12), S.p(34, 30)]),
        ("ends below its start", [S.p(10, 10), S.p(16, 28), S.p(34, 20)]),
        ("goes back left on the way up", [S.p(10, 20), S.p(16, 28), S.p(30, 10), S.p(20, 4)]),
        ("too small", [S.p(10, 10), S.p(11, 11.5), S.p(13.5, 8)]),
    ] as [(String, [PanelPoint])])
    func shapesThatAreNotCheckmarksFail(name: String, corners: [PanelPoint]) {
        #expect(CheckmarkAnalyzer().analyze(S.buffer(S.polyline(corners))) == nil, "\(name)")
    }

    /// Finger-sized and stylus-sized strokes with sensor jitter: tolerances scale with the stroke.
    @Test(arguments: [0.6, 1, 3] as [Float])
    func aJitteryCheckmarkOfAnySizeIsStillACheckmark(scale: Float) {
        let corners = [S.p(10, 20), S.p(16, 28), S.p(34, 4)].map { $0 * scale }
        let stroke = S.buffer(S.jittered(S.polyline(corners, step: 0.5), by: 0.3))
        #expect(CheckmarkAnalyzer().analyze(stroke) != nil)
    }

    @Test(arguments: [0.5, 1, 3] as [Float])
    func aJitteryCircleOfAnySizeIsStillACircle(scale: Float) {
        let points = S.arc(center: S.p(100, 100), radius: 15 * scale, startAngle: 2, turns: 1.05, count: 200)
        #expect(CircleAnalyzer().analyze(S.buffer(S.jittered(points, by: 0.3))) != nil)
    }

    @Test func aSessionAnswersAtTheLift() {
        var session = StrokeSession(CheckmarkAnalyzer())
        let points = S.polyline([S.p(10, 20), S.p(16, 28), S.p(34, 4)])
        session.begin(StrokeSample(position: points[0], time: 0))
        for (i, p) in points.enumerated().dropFirst().dropLast() { session.move(StrokeSample(position: p, time: Int64(i) * 8000)) }
        #expect(session.isActive)
        let result = session.end(StrokeSample(position: points.last!, time: 500_000))
        #expect(result?.vertex == S.p(16, 28))
        #expect(!session.isActive)
        #expect(session.end(StrokeSample(position: .zero, time: 600_000)) == nil)
    }

    // MARK: circle

    @Test(arguments: [1, -1] as [Float])
    func aCircleInEitherDirectionReportsCentreAndRadius(direction: Float) throws {
        let points = S.arc(center: S.p(60, 40), radius: 15, startAngle: 1, turns: direction, radiusWobble: 0.05)
        let circle = try #require(CircleAnalyzer().analyze(S.buffer(points)))
        #expect(circle.center.distance(to: S.p(60, 40)) < 1)
        #expect(abs(circle.radius - 15) < 1)
        #expect(circle.clockwise == (direction > 0))
    }

    @Test(arguments: [
        ("square", S.polyline([S.p(10, 10), S.p(40, 10), S.p(40, 40), S.p(10, 40), S.p(10, 10)])),
        ("triangle", S.polyline([S.p(25, 10), S.p(40, 40), S.p(10, 40), S.p(25, 10)])),
        ("half circle", S.arc(center: S.p(30, 30), radius: 15, turns: 0.5)),
        ("two turns", S.arc(center: S.p(30, 30), radius: 15, turns: 2)),
        ("tiny", S.arc(center: S.p(30, 30), radius: 1, turns: 1)),
    ] as [(String, [PanelPoint])])
    func shapesThatAreNotCirclesFail(name: String, points: [PanelPoint]) {
        #expect(CircleAnalyzer().analyze(S.buffer(points)) == nil, "\(name)")
    }

    // MARK: backslash

    @Test func aStraightStrokeDownToTheRightIsABackslashWithItsLength() throws {
        let stroke = S.buffer(S.polyline([S.p(10, 10), S.p(40, 50)]))
        let backslash = try #require(BackslashAnalyzer().analyze(stroke))
        #expect(abs(backslash.length - 50) < 0.01)
    }

    @Test(arguments: [
        ("slash", [S.p(40, 10), S.p(10, 50)]),
        ("up to the left", [S.p(40, 50), S.p(10, 10)]),
        ("short", [S.p(10, 10), S.p(20, 20)]),
        ("bent", [S.p(10, 10), S.p(40, 20), S.p(40, 50)]),
        ("horizontal", [S.p(10, 10), S.p(60, 12)]),
    ] as [(String, [PanelPoint])])
    func strokesThatAreNotBackslashesFail(name: String, corners: [PanelPoint]) {
        #expect(BackslashAnalyzer().analyze(S.buffer(S.polyline(corners))) == nil, "\(name)")
    }

    // MARK: capture

    @Test func captureCommitsAtTheLiftAndReportsItsSampleCount() {
        var capture = StrokeCapture(spacing: 1)
        capture.begin(StrokeSample(x: 0, y: 0, time: 0))
        for i in 1..<10 { capture.move(StrokeSample(x: Float(i) * 2, y: 0, time: Int64(i))) }
        #expect(capture.state == .capturing)
        #expect(capture.end(StrokeSample(x: 20, y: 0, time: 10)) == 11)
        #expect(capture.state == .committed)
        #expect(capture.stroke.last?.position == S.p(20, 0))
    }

    @Test func captureDiscardsACancelledStroke() {
        var capture = StrokeCapture()
        capture.begin(StrokeSample(x: 0, y: 0, time: 0))
        capture.move(StrokeSample(x: 5, y: 0, time: 1))
        capture.cancel()
        #expect(capture.state == .discarded)
        #expect(capture.sampleCount == 0)
        #expect(capture.end(StrokeSample(x: 9, y: 0, time: 2)) == nil)
    }

    // MARK: first finger

    @Test func onlyTheFirstFingerIsFollowedAndOthersAreCounted() {
        var follower = FirstTouchFollower()
        func frame(_ t: Int64, _ touches: [(UInt32, TouchPhase, Float)]) -> TouchFrame {
            var f = TouchFrame(timestamp: t)
            for (id, phase, x) in touches {
                _ = f.touches.append(TrackedTouch(trackingId: id, slot: 0, phase: phase, position: S.p(x, 0), startPosition: .zero, startTime: 0))
            }
            return f
        }
        #expect(follower.step(frame(0, [(7, .began, 1)])) == .began(StrokeSample(x: 1, y: 0, time: 0)))
        #expect(follower.step(frame(1, [(7, .moved, 2), (8, .began, 9)])) == .moved(StrokeSample(x: 2, y: 0, time: 1)))
        #expect(follower.ignoredTouches == 1)
        #expect(follower.step(frame(2, [(8, .moved, 9)])) == nil)
        #expect(follower.step(frame(3, [(7, .ended, 3)])) == .ended(StrokeSample(x: 3, y: 0, time: 3)))
        #expect(follower.followed == nil)
    }
}
