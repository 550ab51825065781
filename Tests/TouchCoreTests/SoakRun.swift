import Foundation
import TouchCore

/// A soak run: `SoakController` sending, `SoakHost` receiving, with a disconnect every
/// `disconnectEvery` reports, one at the end, and then the pipeline finished. Shared by
/// `SoakTests` and `scripts/soak`, which compiles it with -O into a standalone program for the
/// long run (no test harness, no Testing).
enum SoakRun {
    static func soak(
        seed: UInt64, anonymous: Bool, reports: Int, disconnectEvery: Int, onProgress: (Int) -> Void = { _ in }
    ) -> SoakHost {
        var controller = SoakController(seed: seed)
        var host = SoakHost(capacity: 12, anonymous: anonymous)
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
        host.finish()
        return host
    }

    struct LongResult: ~Copyable {
        var host: SoakHost
        var memoryAfterWarmUp: Int
        var memoryAtEnd: Int
        var seconds: Double

        /// Flat: nothing in the path keeps history, so the process must not grow with the run.
        var memoryIsFlat: Bool { memoryAtEnd - memoryAfterWarmUp < 1 << 20 }

        var passed: Bool { host.output.isClean && host.invariants.isSettled && memoryIsFlat }

        var summary: String {
            let invariants = host.invariants
            let statistics = host.decoder.statistics
            let statuses = host.statusCounts.sorted { $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return """
                soak: \(host.reports) reports through the pipeline in \(Int(seconds)) s; \(invariants.began) touches began, \
                \(invariants.ended) ended, \(invariants.cancelled) cancelled, at most \(invariants.mostLive) live; \
                \(host.gestures.actions) gesture actions, \(host.gestures.cancelled) cancelled; \
                decoder: \(statistics.frames) frames, \(statistics.rejectedFrames) rejected, \
                \(statistics.skippedBytes) bytes skipped; statuses: \(statuses); \
                resident \(memoryAfterWarmUp / 1024) KiB after 10^4 reports, \(memoryAtEnd / 1024) KiB at the end; \
                violations \(invariants.violationCount + host.gestures.violationCount) \(host.output.violations)
                """
        }
    }

    /// The long run of docs/reliability.md: one seed, ids kept, a disconnect every 10^5 reports.
    static func long(reports: Int, seed: UInt64 = 0x50A4) -> LongResult {
        let start = Date()
        var memoryAfterWarmUp = 0
        let host = soak(seed: seed, anonymous: false, reports: reports, disconnectEvery: 100_000) { sent in
            if sent == 10_000 { memoryAfterWarmUp = residentBytes() ?? 0 }
        }
        return LongResult(
            host: host, memoryAfterWarmUp: memoryAfterWarmUp, memoryAtEnd: residentBytes() ?? 0,
            seconds: Date().timeIntervalSince(start))
    }
}
