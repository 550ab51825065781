import Foundation
import Testing
import TouchCore

/// Long random faulty streams through decoder and tracker, with the touch stream's invariants
/// checked on every frame. CI runs 4 x 25 000 reports; `TOUCHHOST_SOAK_REPORTS=N` adds a long run
/// of N reports that also checks that memory stays flat (docs/reliability.md):
///   TOUCHHOST_SOAK_REPORTS=10000000 swift test --skip-build --filter SoakTests.longRun
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
        let result = Self.soak(run, reports: 25_000, disconnectEvery: 5_000)
        #expect(result.host.invariants.isClean, "\(result.host.invariants.violations)")
        // The run must actually have met the faults it is meant to survive.
        let rejections = result.host.decoder.statistics.rejectedFrames
        #expect(rejections > 0)
        #expect(result.host.statusCounts[.reportTimeout, default: 0] > 0)
        if !run.anonymous {
            #expect(result.host.statusCounts[.framesLost, default: 0] > 0)
            #expect(result.host.statusCounts[.duplicateContact, default: 0] > 0)
            #expect(result.host.statusCounts[.overflow, default: 0] > 0)
        }
        // Every touch that began has ended or been cancelled once the link is gone.
        let invariants = result.host.invariants
        #expect(invariants.liveSlots.isEmpty)
        #expect(invariants.began == invariants.ended + invariants.cancelled)
        #expect(invariants.began > 1_000)
    }

    @Test(.enabled(if: longRunReports != nil, "set TOUCHHOST_SOAK_REPORTS=N for the long run"))
    func longRun() throws {
        let reports = try #require(Self.longRunReports)
        let start = Date()
        var memoryAtStart = 0
        let result = Self.soak(
            Run(seed: 0x50A4, anonymous: false), reports: reports, disconnectEvery: 100_000,
            onProgress: { done in if done == 10_000 { memoryAtStart = residentBytes() ?? 0 } })
        let memoryAtEnd = residentBytes() ?? 0
        let host = result.host
        let invariants = host.invariants
        let seconds = Date().timeIntervalSince(start)
        print("""
            soak: \(host.reports) reports tracked (\(reports) sent) in \(Int(seconds)) s; \
            \(invariants.began) touches began, \(invariants.ended) ended, \(invariants.cancelled) cancelled, \
            at most \(invariants.mostLive) live; decoder: \(host.decoder.statistics.frames) frames, \
            \(host.decoder.statistics.rejectedFrames) rejected, \(host.decoder.statistics.skippedBytes) bytes skipped; \
            statuses: \(host.statusCounts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")); \
            resident \(memoryAtStart / 1024) KiB after 10^4 reports, \(memoryAtEnd / 1024) KiB at the end; \
            violations \(invariants.violationCount)
            """)
        #expect(invariants.isClean, "\(invariants.violations)")
        #expect(invariants.liveSlots.isEmpty)
        #expect(invariants.began == invariants.ended + invariants.cancelled)
        // Flat: nothing in the path keeps history, so the process does not grow with the run.
        #expect(memoryAtEnd - memoryAtStart < 1 << 20, "resident set grew from \(memoryAtStart) to \(memoryAtEnd) bytes")
    }

    static func soak(
        _ run: Run, reports: Int, disconnectEvery: Int, onProgress: (Int) -> Void = { _ in }
    ) -> (controller: SoakController, host: SoakHost) {
        var controller = SoakController(seed: run.seed)
        var host = SoakHost(capacity: 12, anonymous: run.anonymous)
        var link: [UInt8] = []
        link.reserveCapacity(1024)
        for sent in 1...reports {
            link.removeAll(keepingCapacity: true)
            controller.nextReport(into: &link)
            host.receive(link)
            if sent % disconnectEvery == 0 { host.disconnect() }
            onProgress(sent)
        }
        host.disconnect()
        return (controller, host)
    }
}
