import Testing
import TouchCore

@Suite struct TrackingConfigurationTests {
    @Test func settingsChangedAfterInitAreBroughtBackInRange() {
        var configuration = TrackerConfiguration()
        configuration.capacity = 64
        configuration.reportRateHz = 0
        let tracker = SlotTracker(configuration: configuration)
        #expect(tracker.configuration.capacity == TouchLimits.maxContacts)
        #expect(tracker.configuration.reportRateHz == 1)
    }

    @Test func defaultsFollowTheReportRate() {
        #expect(TrackerConfiguration().reportTimeout == 100_000)
        #expect(TrackerConfiguration().staleGap == 50_000)
        #expect(TrackerConfiguration(reportRateHz: 30).reportTimeout == 8 * 33_333)
        #expect(TrackerConfiguration(reportRateHz: 30).staleGap == 4 * 33_333)
    }
}
