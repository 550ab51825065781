import TouchCore
import TouchHost

/// The recognizer stage of a context's `Pipeline` (TouchHost): the context's engine, which the
/// application keeps configuring after the pipeline exists, so a class the context and the
/// pipeline share. It also keeps the engine's touch deliveries, which the pipeline's
/// `GestureRecognizing` seam does not carry, until the context queues them.
final class EngineStage: GestureRecognizing {
    var recognizers: RecognizerSet
    private(set) var deliveries: [TouchDelivery] = []

    init(panelWidth: Float, panelHeight: Float) {
        recognizers = RecognizerSet(panelWidth: panelWidth, panelHeight: panelHeight, templates: TemplateStore())
    }

    func process(_ frame: TouchFrame, events: inout GestureEventList) {
        var delivered = TouchDeliveryList(filler: .placeholder)
        recognizers.process(frame, events: &events, deliveries: &delivered)
        keep(delivered)
    }

    func advance(to time: Microseconds, events: inout GestureEventList) {
        var delivered = TouchDeliveryList(filler: .placeholder)
        recognizers.advance(to: time, events: &events, deliveries: &delivered)
        keep(delivered)
    }

    func takeDeliveries() -> [TouchDelivery] {
        defer { deliveries.removeAll(keepingCapacity: true) }
        return deliveries
    }

    private func keep(_ delivered: TouchDeliveryList) {
        for i in delivered.indices { deliveries.append(delivered[i]) }
    }

    var nextDeadline: Microseconds? { recognizers.nextDeadline }

    /// Settings for touches the application feeds itself: it names its contacts and lifts them
    /// explicitly, so ids are trusted and a finger that is not re-fed has not lifted (no report
    /// timeout, no lost-lift gates).
    static func manualTracker(reportRate: Int) -> TrackerConfiguration {
        let never: Microseconds = 1 << 60
        return TrackerConfiguration(
            reportRateHz: reportRate, lostLiftDistance: .greatestFiniteMagnitude, staleGap: never,
            minimumReportTimeout: never)
    }
}
