import Testing
import TouchCore
@testable import TouchHost

/// The QEMU relay's estimate of the firmware's clock, in virtual time: wall times are given, not read.
struct RelayDeviceClockTests {
    @Test func aDeviceThatReportsEveryScanIsTakenAtItsLatestReportUntilItFallsSilent() {
        var clock = RelayDeviceClock()
        #expect(clock.now(at: 1_000_000) == 0)
        clock.heard(report: 40_000, at: 5_000_000)
        // A late scan is not run ahead of: a busy QEMU falls behind the wall clock.
        #expect(clock.now(at: 5_000_000 + RelayDeviceClock.silenceBeforeWallClock - 1) == 40_000)
        // Silent for the whole allowance (heatmap mode, a stalled device): the wall clock from the report on.
        #expect(clock.now(at: 5_300_000) == 340_000)
    }

    @Test func inGesturesModeTheWallClockRunsOnFromTheLatestRecord() {
        var clock = RelayDeviceClock()
        clock.reportsEveryScan = false
        clock.heard(2_000_000, at: 10_000_000)
        // A tap's up, 50 ms after its down, is due 50 ms after the record: not 250 ms later with
        // the down it would then share a scan with.
        #expect(clock.now(at: 10_050_000) == 2_050_000)
        clock.heard(2_060_000, at: 10_070_000)
        #expect(clock.now(at: 10_070_000) == 2_060_000)
    }

    @Test func theClockNeverRunsBackAndFollowsAWrappingReportTimestamp() {
        var clock = RelayDeviceClock()
        clock.heard(report: UInt32.max - 9, at: 0)
        clock.heard(report: 6, at: 8_000)
        #expect(clock.lastHeard == Microseconds(UInt32.max) + 7)
        // A record stamped before the latest report moves nothing.
        clock.heard(1_000, at: 9_000)
        #expect(clock.lastHeard == Microseconds(UInt32.max) + 7)
    }
}
