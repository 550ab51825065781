import Testing
import TouchCore
@testable import TouchHost

@Suite struct JSONEventFormatterTests {
    private let formatter = JSONEventFormatter(recognizerNames: ["tap", "double-tap", "pinch", "pan", "edge-pan"])

    @Test func touchLinesMatchTheContract() {
        let touch = TrackedTouch(
            trackingId: 7, slot: 0, phase: .began, position: PanelPoint(x: 120, y: 80),
            startPosition: PanelPoint(x: 120, y: 80), startTime: 16_000)
        #expect(
            formatter.line(for: .touch(touch, at: 16_000))
                == #"{"type":"touch","t":16.0,"phase":"began","id":7,"slot":0,"x":120.0,"y":80.0}"#)
    }

    /// With a screen the pipeline placed the event: pixels follow the millimetres, and a pan's
    /// screen translation follows its translation.
    @Test func placedEventsCarryTheirPixels() {
        let touch = TrackedTouch(
            trackingId: 7, slot: 0, phase: .began, position: PanelPoint(x: 120, y: 80),
            startPosition: PanelPoint(x: 120, y: 80), startTime: 16_000)
        let mapping = ScreenMapping(ScreenSetting(size: ScreenSize(width: 1920, height: 1080)), panel: PanelSize(width: 240, height: 160))
        #expect(
            formatter.line(for: mapping.placing(.touch(touch, at: 16_000)))
                == #"{"type":"touch","t":16.0,"phase":"began","id":7,"slot":0,"x":120.0,"y":80.0,"sx":960.0,"sy":540.0}"#)
        var values = GestureValues()
        values.translation = PanelPoint(x: 24, y: -16)
        values.velocity = PanelPoint(x: 100, y: 0)
        let pan = GestureEvent(
            recognizer: 3, kind: .pan, state: .changed, timestamp: 20_000, location: PanelPoint(x: 60, y: 40),
            touches: 1, values: values)
        #expect(
            formatter.line(for: mapping.placing(.gesture(pan)))
                == #"{"type":"gesture","t":20.0,"name":"pan","kind":"pan","state":"changed","x":60.0,"y":40.0,"sx":480.0,"sy":270.0,"touches":1,"translation":[24.0,-16.0],"screenTranslation":[192.0,-108.0],"velocity":[100.0,0.0]}"#)
    }

    @Test func tapLinesCarryTheRecognizerNameAndTaps() {
        var values = GestureValues()
        values.taps = 1
        let event = GestureEvent(
            recognizer: 0, kind: .tap, state: .recognized, timestamp: 560_200, location: PanelPoint(x: 150, y: 100),
            touches: 1, values: values)
        #expect(
            formatter.line(for: .gesture(event))
                == #"{"type":"gesture","t":560.2,"name":"tap","kind":"tap","state":"recognized","x":150.0,"y":100.0,"touches":1,"taps":1}"#)
    }

    @Test func pinchLinesCarryScaleAndVelocity() {
        var values = GestureValues()
        values.scale = 1.8
        values.scalarVelocity = 2.1
        let event = GestureEvent(
            recognizer: 2, kind: .pinch, state: .changed, timestamp: 4_100_000, location: PanelPoint(x: 150, y: 100),
            touches: 2, values: values)
        #expect(
            formatter.line(for: .gesture(event))
                == #"{"type":"gesture","t":4100.0,"name":"pinch","kind":"pinch","state":"changed","x":150.0,"y":100.0,"touches":2,"scale":1.8,"velocity":2.1}"#)
    }

    @Test func edgePanLinesCarryTranslationVelocityAndEdge() {
        var values = GestureValues()
        values.translation = PanelPoint(x: 40.125, y: -0.5)
        values.velocity = PanelPoint(x: 310.04, y: 0)
        values.edge = .left
        let event = GestureEvent(
            recognizer: 4, kind: .edgePan, state: .began, timestamp: 7_050_000, location: PanelPoint(x: 41, y: 100),
            touches: 1, values: values)
        #expect(
            formatter.line(for: .gesture(event))
                == #"{"type":"gesture","t":7050.0,"name":"edge-pan","kind":"edge-pan","state":"began","x":41.0,"y":100.0,"touches":1,"translation":[40.13,-0.5],"velocity":[310.0,0.0],"edge":"left"}"#)
    }

    @Test func statusLinesNameTheEventAndCount() {
        let status = StatusEvent(kind: .framesLost, timestamp: 8_064_000, count: 2)
        #expect(formatter.line(for: .status(status)) == #"{"type":"status","t":8064.0,"event":"frames-lost","count":2}"#)
    }

    @Test func severalInputsTagEveryLineWithItsSource() {
        var tagged = formatter
        tagged.source = "a \"b\".touch"
        let line = tagged.line(for: .status(StatusEvent(kind: .resync, timestamp: 0, count: 3)))
        #expect(line == #"{"type":"status","t":0.0,"event":"resync","count":3,"source":"a \"b\".touch"}"#)
    }

    @Test(arguments: [
        (0.0, 1, "0.0"), (-0.04, 1, "0.0"), (16.66666, 1, "16.7"), (1.25, 1, "1.3"), (-1.25, 1, "-1.3"),
        (120, 2, "120.0"), (1.8, 3, "1.8"), (0.1 + 0.2, 2, "0.3"), (-310.04, 1, "-310.0"), (12345678.91, 2, "12345678.91"),
    ])
    func numbersAreRoundedAndTrimmedTheSameEverywhere(value: Double, places: Int, text: String) {
        #expect(DecimalText.format(value, places: places) == text)
    }

    @Test func unknownRecognizerIndicesStillGetAName() {
        #expect(formatter.name(of: 9) == "recognizer-9")
    }
}

@Suite struct DeviceClockTests {
    @Test func timeCountsFromTheFirstTimestamp() {
        var clock = DeviceClock()
        #expect(clock.time(for: 5_000_000) == 0)
        #expect(clock.time(for: 5_016_000) == 16_000)
    }

    @Test func theThirtyTwoBitWrapIsInvisible() {
        var clock = DeviceClock()
        _ = clock.time(for: UInt32.max - 999)
        #expect(clock.time(for: 7_000) == 8_000)
        #expect(clock.time(for: 15_000) == 16_000)
    }

    @Test func aClockThatJumpsBackHoldsTimeStill() {
        var clock = DeviceClock()
        _ = clock.time(for: 1_000_000)
        _ = clock.time(for: 2_000_000)
        #expect(clock.time(for: 10) == 1_000_000)
        #expect(clock.time(for: 1_010) == 1_001_000)
    }
}
