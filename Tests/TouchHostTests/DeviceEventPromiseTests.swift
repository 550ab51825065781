import Foundation
import SeededRandom
import Testing
import TouchCore
@testable import TouchHost

/// Touch (0x05) and gesture (0x04) frames a device, a TCP peer or a bridge may send, whatever they
/// say: the stream `monitor --json` prints from them keeps every promise of contracts.md section 3,
/// and what had to be refused is counted in a `rejected` status.
@Suite(.serialized) struct DeviceEventPromiseTests {
    /// Plays `frames` to a `monitor --json` started with `arguments` and returns its lines.
    private func monitor(
        _ controller: PlayedController, _ arguments: [String], gestures: Bool = false, frames: (PlayedController) -> Void
    ) throws -> (lines: [String], status: Int32) {
        let binary = try TouchHostBinary.locate()
        let monitor = try TouchHostBinary.start(binary, ["monitor", controller.path, "--json"] + arguments)
        defer { monitor.stop() }
        try #require(controller.answerHost(), "the monitor never asked for the device's info")
        if gestures {
            try #require(controller.awaitCommand(within: 5) { $0 == .setMode(.gestures) }, "no set-mode gestures")
        } else {
            usleep(100_000)
        }
        frames(controller)
        let lines = monitor.remainingLines(timeout: 20)
        return (lines, monitor.process.terminationStatus)
    }

    /// Duplicate begins, an end for an id that never began, slot 255, a time of -9.2e15 s, a
    /// position that is no number, one off the panel, one no panel could have (1e30 mm), a gesture
    /// changing before it began: in
    /// contacts mode (a bridge's stream) and in gestures mode (a controller's own recognition).
    @Test(arguments: [false, true])
    func malformedTouchAndGestureEventsKeepTheStreamsPromises(gesturesMode: Bool) throws {
        let controller = try PlayedController()
        let pan: UInt8 = 4  // the kiosk set's pan, for the controller and the host alike
        let (lines, status) = try monitor(
            controller, ["--duration", "2"] + (gesturesMode ? ["--mode", "gestures"] : []), gestures: gesturesMode
        ) { device in
            device.touch(.began, id: 5, x: 100, y: 50, at: 1_000)
            device.touch(.began, id: 5, x: 110, y: 50, at: 2_000)
            device.touch(.began, id: 5, x: 120, y: 50, at: 3_000)
            device.touch(.ended, id: 77, x: 10, y: 10, at: 4_000)
            device.touch(.began, id: 6, slot: 255, x: 120, y: 60, at: -9_200_000_000_000_000)
            device.touch(.moved, id: 6, slot: 255, x: .nan, y: 60, at: 6_000)
            device.touch(.moved, id: 5, x: 400, y: 50, at: 7_000)
            device.touch(.moved, id: 5, x: 1e30, y: 50, at: 7_500)
            device.gesture(.pan, .changed, recognizer: pan, x: 100, y: 50, at: 8_000)
            device.gesture(.pan, .began, recognizer: pan, x: 100, y: 50, at: 9_000)
            device.gesture(.pan, .changed, recognizer: pan, x: 120, y: 50, at: 10_000)
            device.touch(.ended, id: 5, x: 130, y: 50, at: 11_000)
            // The device's id 5 again, after its end: a new touch, with a new host id.
            device.touch(.began, id: 5, x: 200, y: 100, at: 12_000)
        }
        #expect(status == 0, "\(lines)")
        var promises = StreamPromises(capacity: Int(controller.info.maxContacts))
        promises.check(lines)
        promises.finish()
        #expect(promises.violations.isEmpty, "\(promises.violations)\n\(lines.joined(separator: "\n"))")
        let touches = lines.compactMap(TouchLine.init)
        #expect(touches.filter { $0.phase == "began" }.map(\.id) == [1, 2, 3], "\(lines)")
        // A position off the panel is clamped to it; the two touches still down when the run's
        // duration cuts the input are cancelled, as is the pan under way.
        #expect(touches.contains { $0.id == 1 && $0.phase == "moved" && $0.position.x == 345 }, "\(lines)")
        #expect(touches.filter { $0.phase == "cancelled" }.map(\.id).sorted() == [2, 3], "\(lines)")
        #expect(lines.contains { $0.contains(#""state":"cancelled""#) && $0.contains(#""kind":"pan""#) }, "\(lines)")
        // Two second begins, the unknown end, the position that is no number, the one no panel
        // could have, the early change.
        #expect(promises.rejected == 6, "\(lines)")
    }

    /// A tap is discrete: a controller (or bridge) that sends it `began`, `changed` or `ended`
    /// is refused, as is a pan `recognized`; only the tap's `recognized` passes (issue 26).
    @Test(arguments: [false, true])
    func aDiscreteKindShowsNoContinuousStates(gesturesMode: Bool) throws {
        let controller = try PlayedController()
        let tap = UInt8(try #require(ControllerGestureSource.controllerNames.firstIndex(of: "tap")))
        let pan = UInt8(try #require(ControllerGestureSource.controllerNames.firstIndex(of: "pan")))
        let (lines, status) = try monitor(
            controller, ["--duration", "1.5"] + (gesturesMode ? ["--mode", "gestures"] : []), gestures: gesturesMode
        ) { device in
            device.gesture(.tap, .began, recognizer: tap, x: 100, y: 50, at: 1_000)
            device.gesture(.tap, .changed, recognizer: tap, x: 100, y: 50, at: 2_000)
            device.gesture(.tap, .ended, recognizer: tap, x: 100, y: 50, at: 3_000)
            device.gesture(.pan, .recognized, recognizer: pan, x: 100, y: 50, at: 4_000)
            device.gesture(.tap, .recognized, recognizer: tap, x: 100, y: 50, at: 5_000)
        }
        #expect(status == 0, "\(lines)")
        var promises = StreamPromises(capacity: Int(controller.info.maxContacts))
        promises.check(lines)
        promises.finish()
        #expect(promises.violations.isEmpty, "\(promises.violations)\n\(lines.joined(separator: "\n"))")
        let gestures = lines.filter { $0.contains(#""type":"gesture""#) }
        #expect(gestures.count == 1 && gestures[0].contains(#""state":"recognized""#) && gestures[0].contains(#""kind":"tap""#), "\(lines)")
        #expect(promises.rejected == 4, "\(lines)")
    }

    /// The same promises for any frames at all: seeded random touch and gesture events, fed
    /// through the session the monitor runs and the JSON formatter it prints with.
    @Test(arguments: 0..<8)
    func randomTouchAndGestureEventsKeepTheStreamsPromises(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let link = ScriptedLink()
        var lines: [String] = []
        let formatter = JSONEventFormatter(recognizerNames: RecognizerSelection.kiosk.engineNames)
        let session = DeviceSession(link: link, sink: { event in formatter.line(for: event).map { lines.append($0) } }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        let info = PlayedController.info(maxContacts: UInt8(1 + random.next() % 12))
        if seed % 2 == 1 { session.controllerEvents = ControllerGestureSource(hostNames: RecognizerSelection.kiosk.engineNames) }
        link.queue(.info(info))
        session.receive(link.incoming)
        link.incoming.removeAll()
        let phases: [TouchPhase] = [.began, .moved, .stationary, .ended, .cancelled]
        let states: [GestureActionState] = [.began, .changed, .ended, .cancelled, .recognized]
        let kinds: [GestureKind] = [.tap, .pan, .pinch, .longPress, .swipe]
        let values: [Float] = [0, 10, 100, 400, -5, 1e30, -1e30, .nan, .infinity]
        var time: Microseconds = 0
        for step in 0..<3_000 {
            time += Microseconds(random.next() % 20_000)
            let when = random.next() % 10 == 0 ? Microseconds(bitPattern: random.next()) : time
            let point = PanelPoint(x: values[Int(random.next() % 9)], y: Float(random.next() % 200))
            if random.next() % 3 == 0 {
                link.queue(.gesture(GestureEvent(
                    recognizer: UInt8(random.next() % 14), kind: kinds[Int(random.next() % 5)], state: states[Int(random.next() % 5)],
                    timestamp: when, location: point, touches: UInt8(random.next() % 4))))
            } else {
                link.queue(.touch(TouchEventRecord(timestamp: when, touch: TrackedTouch(
                    trackingId: UInt32(random.next() % 6), slot: UInt8(random.next() % 256), phase: phases[Int(random.next() % 5)],
                    position: point, startPosition: point, startTime: when))))
            }
            if step % 97 == 0 { link.queue(.status(DeviceStatus(timestamp: UInt32(truncatingIfNeeded: time), kind: .reset))) }
            if step % 7 == 0 {
                session.receive(link.incoming)
                link.incoming.removeAll()
            }
        }
        session.receive(link.incoming)
        session.finish()
        var promises = StreamPromises(capacity: Int(info.maxContacts))
        promises.check(lines)
        promises.finish()
        #expect(promises.violations.isEmpty, "seed \(seed): \(promises.violations.prefix(5))")
        #expect(promises.began > 10 && promises.rejected > 10, "seed \(seed): began \(promises.began), rejected \(promises.rejected)")
    }

    /// The session `monitor --json` runs, with its JSON formatter, fed by a played controller
    /// through a scripted link and dispatched in virtual time (the host's `now` is the test's):
    /// `play` gets a `send` for device messages and a `wait` that lets host time pass.
    private func virtualMonitor(
        info: DeviceInfo, play: (_ send: (DeviceMessage) -> Void, _ wait: (Microseconds) -> Void) -> Void
    ) -> [String] {
        let link = ScriptedLink()
        var lines: [String] = []
        let formatter = JSONEventFormatter(recognizerNames: RecognizerSelection.kiosk.engineNames)
        let session = DeviceSession(link: link, sink: { event in formatter.line(for: event).map { lines.append($0) } }) { info, sink in
            HostStack.pipeline(recognizers: .kiosk, for: info, sink: sink)
        }
        var now: Microseconds = 0
        link.queue(.info(info))
        _ = session.dispatch(now: now)
        func wait(_ span: Microseconds) {
            let end = now + span
            while now < end {
                now = min(end, now + 1_000)
                _ = session.dispatch(now: now)
            }
        }
        play({ link.queue($0) }, wait)
        wait(1_000_000)
        session.finish(now: now)
        return lines
    }

    private func report(
        _ info: DeviceInfo, sequence: UInt16, clock: UInt32, _ contacts: [(id: UInt8, state: ContactState, x: Float, y: Float)]
    ) -> DeviceMessage {
        var report = ContactReport(sequence: sequence, timestamp: clock)
        for contact in contacts {
            let device = info.deviceCoordinates(of: PanelPoint(x: contact.x, y: contact.y))
            _ = report.contacts.append(WireContact(id: contact.id, state: contact.state, x: device.x, y: device.y))
        }
        return .contacts(report)
    }

    /// A controller whose clock stood still while it was silent: its next reports carry times
    /// before the host's clock had run the timers to. `t` does not step back, and time moves on
    /// from there with the device's own steps: the tap after the silence lasts its 50 ms.
    @Test func aReportStampedBeforeTheTimersRanAfterASilenceDoesNotSendTBack() throws {
        let info = PlayedController.info()
        let lines = virtualMonitor(info: info) { send, wait in
            var clock: UInt32 = 1_000_000
            var sequence: UInt16 = 0
            func report(_ contacts: [(id: UInt8, state: ContactState, x: Float, y: Float)]) {
                send(self.report(info, sequence: sequence, clock: clock, contacts))
                sequence &+= 1
                clock &+= 8_333
                wait(8_333)
            }
            report([(1, .down, 100, 50)])
            for _ in 0..<30 { report([(1, .move, 100, 50)]) }
            // Silent with the finger down: the host cancels it after the report timeout.
            wait(1_500_000)
            clock &-= 8_000
            send(.status(DeviceStatus(timestamp: clock, kind: .recalibrated)))
            report([(2, .down, 200, 100)])
            for _ in 0..<5 { report([(2, .move, 200, 100)]) }
            report([(2, .up, 200, 100)])
            for _ in 0..<30 { report([]) }
        }
        var promises = StreamPromises(capacity: 10)
        promises.check(lines)
        #expect(promises.violations.isEmpty, "\(promises.violations)\n\(lines.joined(separator: "\n"))")
        let touches = lines.compactMap(TouchLine.init)
        #expect(touches.first { $0.id == 1 && $0.phase != "began" && $0.phase != "moved" }?.phase == "cancelled", "\(lines)")
        let began = try #require(touches.first { $0.id == 2 && $0.phase == "began" }, "\(lines)")
        let ended = try #require(touches.first { $0.id == 2 && $0.phase == "ended" }, "\(lines)")
        // Six report periods, to the stream's 0.1 ms.
        #expect(abs(ended.time - began.time - 6 * 8_333) <= 100, "\(began.summary) .. \(ended.summary)")
    }

    /// A device that tracks 2 contacts gets a tracker with 2 slots: a third contact is overflow.
    @Test func theTrackerHasTheSlotsTheDeviceSays() throws {
        let info = PlayedController.info(maxContacts: 2)
        let lines = virtualMonitor(info: info) { send, wait in
            var clock: UInt32 = 5_000
            for step in 0..<10 {
                let state: ContactState = step == 0 ? .down : step == 9 ? .up : .move
                send(self.report(info, sequence: UInt16(step), clock: clock, [(1, state, 50, 50), (2, state, 150, 50), (3, state, 250, 50)]))
                clock += 8_333
                wait(8_333)
            }
        }
        var promises = StreamPromises(capacity: 2)
        promises.check(lines)
        promises.finish()
        #expect(promises.violations.isEmpty, "\(promises.violations)")
        #expect(promises.began == 2, "\(lines)")
        #expect(lines.contains { $0.contains(#""event":"overflow""#) }, "\(lines)")
    }
}

