import Foundation
import Testing
import TouchCore
import TouchHost

@Suite struct EvemuImporterTests {
    /// A panel size for devices that report no resolution; coordinates must land inside it.
    static let size: (width: Float, height: Float) = (width: 300, height: 200)

    static let eventFiles = SharedTestData.files(in: "evemu", extensions: ["events", "event"])
    static let descriptionFiles = SharedTestData.files(in: "evemu", extensions: ["desc", "prop"])

    /// The panel in mm for `device`: from resolutions where known, else the size given.
    static func panel(of device: EvemuDevice) -> (width: Float, height: Float) {
        func extent(_ codes: [Int], _ fallback: Float) -> Float {
            guard let axis = codes.lazy.compactMap({ device.axes[$0] }).first else { return fallback }
            return axis.resolution > 0 ? Float(axis.maximum - axis.minimum) / Float(axis.resolution) : fallback
        }
        return (extent([0x35, 0x00], size.width), extent([0x36, 0x01], size.height))
    }

    /// "2-fingers-touch-release" -> 2: what the person did, from the file's name.
    static func fingers(inName name: String) -> Int? {
        guard let range = name.range(of: #"(\d+)-fingers?"#, options: .regularExpression) else { return nil }
        return Int(name[range].prefix { $0.isNumber })
    }

    @Test(SharedTestData.needs("evemu")) func theDataFolderHasRecordings() {
        guard SharedTestData.folder("evemu") != nil else {
            print(SharedTestData.missingMessage("evemu"))
            return
        }
        #expect(!Self.eventFiles.isEmpty)
    }

    @Test(arguments: eventFiles)
    func everyRecordingImportsToFramesInsideThePanel(file: URL) throws {
        let recording = try EvemuImporter(size: Self.size).load(events: file)
        let panel = Self.panel(of: recording.device)
        #expect(!recording.frames.isEmpty, "\(file.lastPathComponent)")
        #expect(recording.frames.first?.timestamp == 0 || recording.frames.first!.timestamp > 0)
        var previous: Int64 = 0
        var mostContacts = 0
        var downs = 0
        for frame in recording.frames {
            #expect(frame.timestamp >= previous, "time runs forward")
            previous = frame.timestamp
            mostContacts = max(mostContacts, frame.contacts.count)
            for i in frame.contacts.indices {
                let p = frame.contacts[i].position
                #expect(p.x >= 0 && p.x <= panel.width && p.y >= 0 && p.y <= panel.height, "\(p) outside \(panel)")
                if frame.contacts[i].state == .down { downs += 1 }
            }
        }
        #expect(downs > 0, "every recording has a touch going down")
        print("evemu \(file.lastPathComponent): protocol \(recording.protocolKind.rawValue), \(recording.frames.count) frames, up to \(mostContacts) contacts, \(downs) downs")
        if let fingers = Self.fingers(inName: file.lastPathComponent) {
            #expect(mostContacts >= fingers, "\(file.lastPathComponent): at most \(mostContacts) contacts at once")
        }
    }

    @Test(arguments: descriptionFiles)
    func everyDescriptionNamesTheDeviceAndItsPositionAxes(file: URL) throws {
        let device = try EvemuImporter.loadDescription(file)
        #expect(!device.name.isEmpty)
        #expect(device.axes[0x00] != nil || device.axes[0x35] != nil)
        #expect(device.axes[0x01] != nil || device.axes[0x36] != nil)
    }

    // MARK: synthetic recordings

    static let description = """
        N: Test Panel
        A: 00 0 1000 0 0 10
        A: 01 0 500 0 0 10
        A: 2f 0 9 0 0 0
        A: 35 0 1000 0 0 10
        A: 36 0 500 0 0 10
        A: 39 0 65535 0 0 0

        """

    @Test func slotsBecomeFullFramesWithLiftsAndResolutionMillimetres() throws {
        let events = Self.description + """
            E: 10.000000 0003 0039 5
            E: 10.000000 0003 0035 100
            E: 10.000000 0003 0036 200
            E: 10.000000 0000 0000 0
            E: 10.010000 0003 002f 1
            E: 10.010000 0003 0039 6
            E: 10.010000 0003 0035 300
            E: 10.010000 0003 0036 400
            E: 10.010000 0000 0000 0
            E: 10.020000 0003 002f 0
            E: 10.020000 0003 0039 -1
            E: 10.020000 0000 0000 0
            E: 10.030000 0003 002f 1
            E: 10.030000 0003 0039 -1
            E: 10.030000 0000 0000 0
            """
        let frames = try EvemuImporter().parse(events, file: "two.events").frames
        #expect(frames.map(\.timestamp) == [0, 10_000, 20_000, 30_000])
        #expect(frames.map(\.contacts.count) == [1, 2, 2, 1])
        let second = frames[1].contacts
        #expect(second[0] == ReportedContact(controllerId: 0, state: .move, position: PanelPoint(x: 10, y: 20)))
        #expect(second[1] == ReportedContact(controllerId: 1, state: .down, position: PanelPoint(x: 30, y: 40)))
        #expect(frames[2].contacts[0].state == .up)
        #expect(frames[3].contacts[0] == ReportedContact(controllerId: 1, state: .up, position: PanelPoint(x: 30, y: 40)))
    }

    @Test func aSlotTakingANewTrackingIdWithoutALiftEndsTheOldTouchInItsOwnFrame() throws {
        let events = Self.description + """
            E: 1.0 0003 0039 5
            E: 1.0 0003 0035 100
            E: 1.0 0003 0036 100
            E: 1.0 0000 0000 0
            E: 1.1 0003 0039 6
            E: 1.1 0003 0035 800
            E: 1.1 0003 0036 400
            E: 1.1 0000 0000 0
            """
        let frames = try EvemuImporter().parse(events, file: "reuse.events").frames
        #expect(frames.map(\.timestamp) == [0, 100_000, 100_000])
        #expect(frames[1].contacts[0] == ReportedContact(controllerId: 0, state: .up, position: PanelPoint(x: 10, y: 10)))
        #expect(frames[2].contacts[0] == ReportedContact(controllerId: 0, state: .down, position: PanelPoint(x: 80, y: 40)))
    }

    @Test func eventsAfterADropAreIgnoredUntilTheNextReport() throws {
        let events = Self.description + """
            E: 1.0 0003 0039 5
            E: 1.0 0003 0035 100
            E: 1.0 0003 0036 100
            E: 1.0 0000 0000 0
            E: 1.1 0000 0003 0
            E: 1.1 0003 0035 900
            E: 1.1 0000 0000 0
            E: 1.2 0003 0036 200
            E: 1.2 0000 0000 0
            """
        let frames = try EvemuImporter().parse(events, file: "drop.events").frames
        #expect(frames.count == 2)
        #expect(frames[1].contacts[0].position == PanelPoint(x: 10, y: 20))
        #expect(frames[1].timestamp == 200_000)
    }

    @Test func protocolAContactsAreAnonymousAndAnEmptyReportLiftsThem() throws {
        let events = """
            A: 35 0 1000 0 0
            A: 36 0 1000 0 0
            E: 0.5 0003 0035 500
            E: 0.5 0003 0036 250
            E: 0.5 0000 0002 0
            E: 0.5 0003 0035 100
            E: 0.5 0003 0036 100
            E: 0.5 0000 0002 0
            E: 0.5 0000 0000 0
            E: 0.6 0000 0002 0
            E: 0.6 0000 0000 0
            """
        let recording = try EvemuImporter(size: (width: 200, height: 100)).parse(events, file: "a.events")
        #expect(recording.protocolKind == .anonymous)
        #expect(recording.frames.map(\.contacts.count) == [2, 0])
        #expect(recording.frames[0].contacts[0] == ReportedContact(controllerId: nil, state: .down, position: PanelPoint(x: 100, y: 25)))
    }

    @Test func singleTouchDevicesUseAbsXAndBtnTouch() throws {
        let events = """
            A: 00 0 100 0 0 2
            A: 01 0 100 0 0 2
            E: 0.0 0001 014a 1
            E: 0.0 0003 0000 20
            E: 0.0 0003 0001 40
            E: 0.0 0000 0000 0
            E: 0.1 0003 0000 30
            E: 0.1 0000 0000 0
            E: 0.2 0001 014a 0
            E: 0.2 0000 0000 0
            """
        let recording = try EvemuImporter().parse(events, file: "st.events")
        #expect(recording.protocolKind == .singleTouch)
        #expect(recording.frames.map { $0.contacts[0].state } == [.down, .move, .up])
        #expect(recording.frames[1].contacts[0].position == PanelPoint(x: 15, y: 20))
    }

    @Test func withoutResolutionOrSizeTheErrorNamesTheFileAndAsksForTheSize() {
        let events = "A: 00 0 100 0 0\nA: 01 0 100 0 0\nE: 0.0 0000 0000 0\n"
        #expect {
            try EvemuImporter().parse(events, file: "nosize.events")
        } throws: { error in
            "\(error)".contains("nosize.events") && "\(error)".contains("size")
        }
    }

    @Test func aMalformedEventLineIsReportedWithItsLine() {
        let events = Self.description + "E: 0.0 0003 0035 12\nE: zero 0003\n"
        #expect(throws: ImportError(file: "bad.events", line: 9, message: "event line needs `E: sec.usec type code value`")) {
            try EvemuImporter().parse(events, file: "bad.events")
        }
    }

    @Test(arguments: ["78888888888888160.0", "9223372036854.775808", "99999999999999999999.5", "-5.000001"])
    func anEventTimeOutOfRangeIsReportedWithItsLine(time: String) {
        let events = Self.description + "E: 0.0 0003 0035 12\nE: \(time) 0000 0000 0\n"
        #expect(throws: ImportError(file: "far.events", line: 9, message: "event time '\(time)' is out of range")) {
            try EvemuImporter().parse(events, file: "far.events")
        }
    }

    @Test func aMalformedAxisLineIsReportedWithItsLine() {
        let events = "N: Broken\nA: 35 0 banana 0 0\nE: 0.0 0000 0000 0\n"
        #expect(throws: ImportError(file: "axis.events", line: 2, message: "axis line needs `A: code min max fuzz flat [res]`")) {
            try EvemuImporter().parse(events, file: "axis.events")
        }
    }

    @Test func eventsWithoutAnyDescriptionAreRejectedNamingTheFile() {
        #expect {
            try EvemuImporter(size: Self.size).parse("E: 0.0 0003 0035 1\nE: 0.0 0000 0000 0\n", file: "alone.events")
        } throws: { error in
            "\(error)".contains("alone.events") && "\(error)".contains("description")
        }
    }

    @Test func aSeparateDescriptionIsFoundByTheEventsFileName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let desc = folder.appendingPathComponent("My Panel.desc")
        let events = folder.appendingPathComponent("My Panel.1-finger-tap.events")
        try Self.description.write(to: desc, atomically: true, encoding: .utf8)
        try "E: 0.0 0003 0039 1\nE: 0.0 0003 0035 10\nE: 0.0 0003 0036 10\nE: 0.0 0000 0000 0\n".write(to: events, atomically: true, encoding: .utf8)
        #expect(EvemuImporter.descriptionFile(for: events)?.lastPathComponent == "My Panel.desc")
        let recording = try EvemuImporter().load(events: events)
        #expect(recording.device.name == "Test Panel")
        #expect(recording.frames.count == 1)
    }
}

@Suite struct EvemuTrackerReplayTests {
    @Test(arguments: EvemuImporterTests.eventFiles)
    func everyRecordingReplaysThroughTheTrackerWithEveryTouchEndingOnce(file: URL) throws {
        let recording = try EvemuImporter(size: EvemuImporterTests.size).load(events: file)
        var live = Set<UInt32>()
        var mostLive = 0
        var began = 0
        for frame in TrackerReplay.touchFrames(recording.frames) {
            for i in frame.touches.indices {
                let touch = frame.touches[i]
                switch touch.phase {
                case .began:
                    #expect(!live.contains(touch.trackingId))
                    live.insert(touch.trackingId)
                    began += 1
                case .ended, .cancelled:
                    #expect(live.remove(touch.trackingId) != nil, "\(touch.trackingId) ends once")
                default:
                    #expect(live.contains(touch.trackingId))
                }
            }
            mostLive = max(mostLive, live.count)
        }
        #expect(began > 0)
        #expect(live.isEmpty, "\(file.lastPathComponent): \(live.count) touches never ended")
        if let fingers = EvemuImporterTests.fingers(inName: file.lastPathComponent) {
            #expect(mostLive >= fingers, "\(file.lastPathComponent): at most \(mostLive) touches at once")
        }
    }
}
