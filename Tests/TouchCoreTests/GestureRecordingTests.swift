import Testing
import TouchCore

/// The kiosk set over real touchscreen recordings (shared/data/evemu): what the person did, by the
/// file name, is what comes out. Panel sizes are the devices' nominal screens.
struct Recording: CustomTestStringConvertible, Sendable {
    var events: String
    var description: String
    var width: Float
    var height: Float

    var testDescription: String { events }

    static let atmel = ("Atmel maXTouch Touchscreen", Float(154), Float(86))   // 7-inch 800x480
    static let ep0430 = ("EP0430M09", Float(95), Float(54))                    // 4.3-inch
    static let elan = ("ELAN CANDO Windows7", Float(256), Float(160))          // 11.6-inch

    init(_ device: (String, Float, Float), _ what: String) {
        events = "\(device.0).\(what).events"
        description = "\(device.0).desc"
        width = device.1
        height = device.2
    }
}

func kioskEvents(_ recording: Recording) throws -> [GestureEvent] {
    let replay = try EvemuReplay(
        events: recording.events, description: recording.description, width: recording.width,
        height: recording.height)
    var engine = BasicGestureEngine.kioskSet(
        panelWidth: recording.width, panelHeight: recording.height, selection: .kioskWithTwoFingerPan)
    return replay.run(&engine)
}

func touchDowns(_ recording: Recording) throws -> Int {
    let replay = try EvemuReplay(
        events: recording.events, description: recording.description, width: recording.width,
        height: recording.height)
    return replay.frames.reduce(0) { sum, frame in
        sum + frame.touches.indices.filter { frame.touches[$0].phase == .began }.count
    }
}

@Suite struct GestureRecordingTests {
    @Test(arguments: [Recording(Recording.atmel, "1-finger-fast-taps")])
    func everyQuickTouchIsCountedAsATapAndNothingElseHappens(_ recording: Recording) throws {
        let events = try kioskEvents(recording)
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.kind == .tap && $0.state == .recognized && $0.touches == 1 })
        let taps = events.reduce(0) { $0 + Int($1.values.taps) }
        #expect(taps == (try touchDowns(recording)))
    }

    @Test(arguments: [
        Recording(Recording.atmel, "1-finger-drag-up-down"), Recording(Recording.ep0430, "1-finger-drag-up-down"),
        Recording(Recording.elan, "1-finger-drag-up-down"), Recording(Recording.atmel, "4-finger-drag-down"),
        Recording(Recording.ep0430, "4-finger-drag-down"), Recording(Recording.ep0430, "2-finger-scroll-down"),
    ])
    func aDragIsOnePanFromBeganToEndedAndNoTapOrPress(_ recording: Recording) throws {
        let events = try kioskEvents(recording)
        // The first finger decides: a drag starting on an edge band and moving inward is an edge pan.
        let twoFingerPan = try #require(
            BasicGestureEngine.kioskSet(panelWidth: 345, panelHeight: 194, selection: .kioskWithTwoFingerPan)
                .index(of: .twoFingerPan))
        let primary = events.filter {
            ($0.kind == .pan || $0.kind == .edgePan) && $0.recognizerIndex != twoFingerPan
        }
        #expect(primary.first?.state == .began)
        #expect(primary.last?.state == .ended)
        #expect(primary.filter { $0.state == .began }.count == 1)
        #expect(primary.dropFirst().dropLast().allSatisfy { $0.state == .changed })
        #expect(!events.contains { [.tap, .longPress, .swipe, .pinch, .rotation].contains($0.kind) })
    }

    @Test(arguments: [
        Recording(Recording.atmel, "2-fingers-touch-release"), Recording(Recording.ep0430, "2-fingers-touch-release"),
    ])
    func twoFingersTouchingAndLiftingAreOneTwoFingerTap(_ recording: Recording) throws {
        let events = try kioskEvents(recording)
        #expect(events.count == 1)
        #expect(events.first?.kind == .tap && events.first?.touches == 2 && events.first?.values.taps == 1)
    }
}
