import SeededRandom
import Testing
@testable import TouchCore

@Suite struct TrackingAnonymousTests {
    /// Untrusted positions with an unbounded gate (an event-driven import) must neither trap on the
    /// cost arithmetic nor lose a touch.
    @Test(arguments: [Float(1e30), 1e18, -3e38, .infinity])
    func farContactsWithAnUnboundedGateCostTheMostAndStillPair(_ far: Float) throws {
        var configuration = TrackerConfiguration.eventDriven()
        configuration.anonymousGate = .infinity
        var probe = TrackerProbe(configuration)
        probe.feed(report(at: 0, contact(nil, .down, 10, 10), contact(nil, .down, 20, 10)))
        let frame = try #require(probe.feed(report(at: 8, contact(nil, .move, far, 10), contact(nil, .move, 21, 10))).last)
        #expect(probe.tracker.liveTouchCount == 2)
        #expect(frame.touches(.began).count + frame.touches(.moved).count == 2 || frame.touches(.ended).count == 1)
    }

    @Test func anonymousContactsKeepIdentitiesByNearestPairing() throws {
        var probe = TrackerProbe()
        let began = try #require(probe.feed(report(at: 0, contact(nil, .down, 100, 100), contact(nil, .down, 140, 100))).last)
        let left = try #require(began.all.first { $0.position.x == 100 }).trackingId
        let right = try #require(began.all.first { $0.position.x == 140 }).trackingId
        // Listed in the other order: order means nothing, distance does.
        let frame = try #require(probe.feed(report(at: 8, contact(nil, .move, 139, 101), contact(nil, .move, 103, 99))).last)
        #expect(frame.touch(left)?.position == PanelPoint(x: 103, y: 99))
        #expect(frame.touch(right)?.position == PanelPoint(x: 139, y: 101))
        #expect(frame.touches(.began).isEmpty && frame.touches(.ended).isEmpty)
    }

    @Test(arguments: [false, true])
    func crossingFingersKeepTheirIdentitiesWhenTheirMotionIsSmooth(_ listedInReverse: Bool) throws {
        var probe = TrackerProbe()
        // Two fingers on nearly the same line, 1 mm apart, passing each other at 3 mm per report.
        func a(_ step: Int) -> PanelPoint { PanelPoint(x: 100 + Float(step) * 3 - 28.5, y: 100) }
        func b(_ step: Int) -> PanelPoint { PanelPoint(x: 100 - Float(step) * 3 + 28.5, y: 101) }
        var idA: UInt32 = 0
        var idB: UInt32 = 0
        for step in 0..<20 {
            let state: ContactState = step == 0 ? .down : .move
            let first = contact(nil, state, a(step).x, a(step).y)
            let second = contact(nil, state, b(step).x, b(step).y)
            let frame = try #require(
                probe.feed(listedInReverse && step % 2 == 1
                    ? report(at: Double(step) * 8, second, first) : report(at: Double(step) * 8, first, second)).last)
            if step == 0 {
                idA = try #require(frame.all.first { $0.position == a(0) }).trackingId
                idB = try #require(frame.all.first { $0.position == b(0) }).trackingId
            } else {
                #expect(frame.touch(idA)?.position == a(step), "step \(step)")
                #expect(frame.touch(idB)?.position == b(step), "step \(step)")
            }
        }
        #expect(probe.frames.flatMap { $0.touches(.began) }.count == 2)
    }

    @Test func anonymousContactBeyondTheGateIsANewTouch() throws {
        var probe = TrackerProbe()
        let old = try #require(probe.feed(report(at: 0, contact(nil, .down, 100, 100))).last?.all.first)
        let frame = try #require(probe.feed(report(at: 8, contact(nil, .move, 160, 100))).last)
        #expect(frame.touch(old.trackingId)?.phase == .ended)
        #expect(frame.touches(.began).map(\.position) == [PanelPoint(x: 160, y: 100)])
    }

    @Test func anonymousUpEndsTheNearestTouchAndPartialReportsKeepTheRest() throws {
        var probe = TrackerProbe()
        probe.feed(report(at: 0, full: false, contact(nil, .down, 50, 50), contact(nil, .down, 150, 50)))
        let frame = try #require(probe.feed(report(at: 8, full: false, contact(nil, .up, 151, 50))).last)
        #expect(frame.touches(.ended).map(\.position.x) == [150])
        #expect(frame.touches(.stationary).map(\.position.x) == [50])
        #expect(probe.tracker.liveTouchCount == 1)
    }

    // The assignment against every injection of the smaller side into the larger.
    @Test(arguments: 0..<40)
    func minimumCostAssignmentFindsTheCheapestPairing(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let rows = Int(random.next() % 6) + 1
        let columns = Int(random.next() % 6) + 1
        var matrix = MatrixCosts(columns: columns)
        for _ in 0..<(rows * columns) { matrix.values.append(Int64(random.next() % 50)) }
        let assignment = MinimumCostAssignment(rows: rows, columns: columns, costs: &matrix)
        var used = Set<Int>()
        var total: Int64 = 0
        for row in 0..<rows where assignment.columnOfRow[row] >= 0 {
            let column = assignment.columnOfRow[row]
            #expect(used.insert(column).inserted)
            total += matrix.cost(row: row, column: column)
        }
        #expect(used.count == min(rows, columns))
        #expect(total == matrix.cheapestByExhaustion(rows: rows))
    }

    @Test func minimumCostAssignmentHandlesTwentyByTwenty() {
        var random = SplitMix64(seed: 99)
        var matrix = MatrixCosts(columns: 20)
        for _ in 0..<400 { matrix.values.append(Int64(random.next() % 1000)) }
        // The identity pairing is made the unique cheapest one.
        for i in 0..<20 { matrix.values[i * 20 + i] = 0 }
        let assignment = MinimumCostAssignment(rows: 20, columns: 20, costs: &matrix)
        #expect((0..<20).allSatisfy { assignment.columnOfRow[$0] == $0 })
    }
}

struct MatrixCosts: AssignmentCosts {
    let columns: Int
    var values: [Int64] = []

    func cost(row: Int, column: Int) -> Int64 { values[row * columns + column] }

    func cheapestByExhaustion(rows: Int) -> Int64 {
        func search(_ row: Int, _ used: Set<Int>, _ unpaired: Int) -> Int64 {
            if row == rows { return 0 }
            var best = Int64.max
            // A row may stay unpaired only while there are more rows than columns.
            if unpaired > 0 { best = search(row + 1, used, unpaired - 1) }
            for column in 0..<columns where !used.contains(column) {
                let rest = search(row + 1, used.union([column]), unpaired)
                if rest != Int64.max { best = min(best, cost(row: row, column: column) + rest) }
            }
            return best
        }
        return search(0, [], max(rows - columns, 0))
    }
}

