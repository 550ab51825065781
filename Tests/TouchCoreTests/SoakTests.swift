import Foundation
import Testing
import TouchCore

/// Long random faulty streams through the decoder and a `TouchPipeline` with the kiosk recognizers,
/// with the touch stream's and the gesture stream's invariants checked on every step. CI runs 4 x 25 000 reports; `TOUCHHOST_SOAK_REPORTS=N` adds a long run
/// of N reports that also checks that memory stays flat (docs/reliability.md):
///   TOUCHHOST_SOAK_REPORTS=1000000 swift test --skip-build --filter 'SoakTests/longRun'
/// For 10^7 reports, `scripts/soak 10000000` runs the same code built with -O, without the harness.
@Suite struct SoakTests {
    static let longRunReports = ProcessInfo.processInfo.environment["TOUCHHOST_SOAK_REPORTS"].flatMap { Int($0) }

    struct Run: CustomStringConvertible, Sendable {
        var seed: UInt64
        var anonymous: Bool
        var description: String { "seed \(seed)\(anonymous ? ", anonymous contacts" : "")" }
    }

    @Test(arguments: [
        Run(seed: 1, anonymous: false), Run(seed: 2, anonymous: false),
        Run(seed: 3, anonymous: true), Run(seed: 4, anonymous: true),
    ])
    func faultyStreamsKeepEveryTouchStreamPromise(_ run: Run) {
        let host = SoakRun.soak(seed: run.seed, anonymous: run.anonymous, reports: 25_000, disconnectEvery: 5_000)
        // Read out first: the host holds a pipeline, which cannot be copied, and #expect copies
        // the root of an expression it takes apart.
        let output = host.output
        let statusCounts = host.statusCounts
        #expect(output.isClean, "\(output.violations)")
        // The run must actually have met the faults it is meant to survive.
        #expect(host.decoder.statistics.rejectedFrames > 0)
        #expect(statusCounts[.reportTimeout, default: 0] > 0)
        if !run.anonymous {
            #expect(statusCounts[.framesLost, default: 0] > 0)
            #expect(statusCounts[.duplicateContact, default: 0] > 0)
            #expect(statusCounts[.overflow, default: 0] > 0)
        }
        // Every touch that began has ended or been cancelled once the link is gone, and the
        // recognizers saw enough to act on.
        let invariants = host.invariants
        #expect(invariants.isSettled)
        #expect(invariants.began > 1_000)
        let gestures = host.gestures
        #expect(gestures.actions > 100)
    }

    @Test(.enabled(if: longRunReports != nil, "set TOUCHHOST_SOAK_REPORTS=N for the long run"))
    func longRun() throws {
        let reports = try #require(Self.longRunReports)
        let result = SoakRun.long(reports: reports)
        print(result.summary)
        let output = result.host.output
        let invariants = result.host.invariants
        let memoryIsFlat = result.memoryIsFlat
        #expect(output.isClean, "\(output.violations)")
        #expect(invariants.isSettled)
        #expect(memoryIsFlat, "resident set grew from \(result.memoryAfterWarmUp) to \(result.memoryAtEnd) bytes")
    }
}
