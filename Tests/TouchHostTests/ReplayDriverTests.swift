import Testing
import TouchCore
@testable import TouchHost

@Suite struct ReplayDriverTests {
    private func replay(_ text: String) throws -> [String] {
        let source = try ReplaySource.script(text, name: "test.touch")
        let formatter = JSONEventFormatter(recognizerNames: RecognizerSelection.kiosk.engineNames)
        var lines: [String] = []
        ReplayDriver.run(source, recognizers: .kiosk) { event in
            if case .touch(let touch, _, _) = event, touch.phase == .moved { return }
            if case .gesture = event { return }
            if let line = formatter.line(for: event) { lines.append(line) }
        }
        return lines
    }

    @Test func aScriptedTapBeginsAndEndsWhenTheScriptSays() throws {
        #expect(
            try replay("1s tap 150 100") == [
                #"{"type":"touch","t":1000.0,"phase":"began","id":1,"slot":0,"x":150.0,"y":100.0}"#,
                #"{"type":"touch","t":1060.0,"phase":"ended","id":1,"slot":0,"x":150.0,"y":100.0}"#,
            ])
    }

    @Test func touchesLeftDownWhenReportsStopAreCancelledAtTheReportTimeoutNotAtTheEndOfTheInput() throws {
        let lines = try replay("rate 100\n0ms report [1 down 10 10]")
        // The tracker's timeout at 100 reports/s is max(100 ms, 8 periods) = 100 ms; virtual time
        // stops at every deadline, so it fires at that instant rather than seconds later. A
        // controller that stops reporting has stalled: nobody knows what the finger did.
        #expect(lines.last == #"{"type":"touch","t":100.0,"phase":"cancelled","id":1,"slot":0,"x":10.0,"y":10.0}"#)
        #expect(lines.contains(#"{"type":"status","t":100.0,"event":"report-timeout","count":1}"#))
    }

    @Test func theSameInputGivesTheSameOutput() throws {
        let script = "0ms drag from 10 10 to 200 150 in 700ms fingers 2 spread 25\n1s pinch at 150 100 from 40 to 120 in 500ms"
        #expect(try replay(script) == (try replay(script)))
    }

    @Test func aScriptedCancelCancelsEveryTouch() throws {
        let lines = try replay("0ms down 1 10 10\n0ms down 2 50 10\n100ms cancel")
        #expect(lines.filter { $0.contains(#""phase":"cancelled""#) }.count == 2)
        #expect(lines.allSatisfy { !$0.contains(#""phase":"ended""#) })
    }

    /// As a `Session` on the input's clock: a dispatch feeds what the input holds up to its `now`
    /// and asks to be called at the next report; the events are those `run` gives.
    @Test func aDispatchFeedsTheInputUpToNowAndAsksForItsNextReport() throws {
        let script = "100ms tap 150 100\n600ms tap 50 50"
        var events: [HostEvent] = []
        let driver = ReplayDriver(try ReplaySource.script(script, name: "taps.touch"), recognizers: .kiosk) { events.append($0) }
        #expect(driver.dispatch(now: 0) == 100_000)
        #expect(events.isEmpty)
        let next = try #require(driver.dispatch(now: 100_000))
        #expect(next > 100_000 && next <= 600_000, "asked for \(next)")
        #expect(events.count == 1, "\(events)")
        #expect(driver.hasLiveTouches)
        driver.runInVirtualTime()
        #expect(driver.hasEnded && driver.dispatch(now: .max) == nil)
        var whole: [HostEvent] = []
        ReplayDriver.run(try ReplaySource.script(script, name: "taps.touch"), recognizers: .kiosk) { whole.append($0) }
        #expect(events == whole)
    }

    /// Counts the items an endless source makes: a report every 8 ms, forever.
    final class Endless: Sequence, @unchecked Sendable {
        var made = 0
        func makeIterator() -> AnyIterator<ReplayItem> {
            AnyIterator { [self] in
                defer { made += 1 }
                return .frame(ContactFrame(timestamp: Microseconds(made) * 8_000))
            }
        }
    }

    /// The driver pulls items as it feeds them: the ones fed and the one waiting, never the rest.
    @Test(arguments: [1, 10, 1_000])
    func theDriverTakesItemsOnlyAsItFeedsThem(limit: Int) {
        let endless = Endless()
        let source = ReplaySource(name: "endless", items: endless, tracker: TrackerConfiguration(), panel: .scriptDefault)
        let driver = ReplayDriver(source, recognizers: .kiosk) { _ in }
        #expect(!driver.step(limit: limit))
        #expect(endless.made == limit + 1)
        #expect(driver.lastTime == Microseconds(limit - 1) * 8_000)
    }

    /// A day-long script's replay steps through its first reports at once (the C API's dispatch and
    /// `replay` both step): none of the rest is made before it is fed.
    @Test(arguments: LazyExpansionTests.dayLong)
    func aDayLongScriptReplaysStepByStep(text: String) throws {
        let driver = ReplayDriver(try ReplaySource.script(text, name: "day.touch"), recognizers: .kiosk) { _ in }
        #expect(!driver.step(limit: 2_000))
        #expect(driver.lastTime >= 1_999_000 && driver.lastTime < 3_000_000)
    }

    /// An importer's array is still a source: fed in order, then finished.
    @Test func anArrayOfItemsIsStillASource() {
        let items: [ReplayItem] = [
            .frame({ var f = ContactFrame(timestamp: 0); f.add(ReportedContact(controllerId: 1, state: .down, position: PanelPoint(x: 5, y: 5))); return f }()),
            .frame({ var f = ContactFrame(timestamp: 8_000); f.add(ReportedContact(controllerId: 1, state: .up, position: PanelPoint(x: 5, y: 5))); return f }()),
        ]
        var phases: [TouchPhase] = []
        ReplayDriver.run(ReplaySource(name: "array", items: items, tracker: TrackerConfiguration(), panel: .scriptDefault), recognizers: .kiosk) {
            if case .touch(let touch, _, _) = $0 { phases.append(touch.phase) }
        }
        #expect(phases == [.began, .ended])
    }
}
