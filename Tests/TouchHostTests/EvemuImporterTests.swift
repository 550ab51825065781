import Foundation
import SharedDataSupport
import Testing
import TouchCore
import TouchHost

/// The evemu importer on its own: descriptions, frames, sizes and errors. What a replay of its
/// frames gives is in EvemuKernelRulesTests (edge cases) and EvemuRecordingTests (real recordings).
@Suite struct EvemuImporterTests {
    static let descriptionFiles = SharedTestData.cases(in: "evemu", extensions: ["desc", "prop"])

    @Test(arguments: descriptionFiles)
    func everyDescriptionNamesTheDeviceAndItsPositionAxes(_ file: DataFile) throws {
        let device = try EvemuImporter.loadDescription(try file.url().path)
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
        #expect(frames[1].contacts.count == 1)
        #expect(frames[1].contacts[0] == ReportedContact(controllerId: 0, state: .up, position: PanelPoint(x: 10, y: 10)))
        // The successor gets another controller id: 0 is free again only after this report.
        #expect(frames[2].contacts.count == 1)
        #expect(frames[2].contacts[0] == ReportedContact(controllerId: 1, state: .down, position: PanelPoint(x: 80, y: 40)))
    }

    /// libevdev throws away what follows SYN_DROPPED and asks the device for its state; a
    /// recording has no device to ask, and the events it kept are still the newest values.
    @Test func eventsAfterADropAreAppliedAsRecordedAndTheDropIsWarnedOf() throws {
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
        let recording = try EvemuImporter().parse(events, file: "drop.events")
        #expect(recording.frames.map(\.timestamp) == [0, 100_000, 200_000])
        #expect(recording.frames[1].contacts[0].position == PanelPoint(x: 90, y: 10))
        #expect(recording.frames[2].contacts[0].position == PanelPoint(x: 90, y: 20))
        #expect(recording.warnings == ["drop.events: the kernel dropped events (SYN_DROPPED) once; what was lost cannot be replayed"])
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
        let recording = try EvemuImporter(size: PanelSize(width: 200, height: 100)).parse(events, file: "a.events")
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

    // MARK: sizes

    /// No resolution and no size: an assumed 15.6-inch panel in the axes' aspect, said in one line
    /// that names the size and how to give the real one.
    @Test func withoutResolutionOrSizeThePanelIsAssumedAndNamedInOneWarning() throws {
        let events = "N: Bare\nA: 35 0 1600 0 0\nA: 36 0 900 0 0\nE: 0.0 0003 0039 1\nE: 0.0 0000 0000 0\n"
        let recording = try EvemuImporter().parse(events, file: "nosize.events")
        #expect(abs(recording.panel.width - 345.4) < 0.1 && abs(recording.panel.height - 194.3) < 0.1, "\(recording.panel)")
        #expect(recording.warnings == [
            "nosize.events: Bare reports no resolution; replaying on an assumed 345.4 x 194.3 mm panel "
                + "(15.6-inch diagonal, the axes' aspect); give the real size in mm with --size WxH"
        ])
        #expect(recording.frames.count == 1)
    }

    @Test func aSizeGivenForADeviceWithoutResolutionIsThePanel() throws {
        let events = "A: 35 0 1000 0 0\nA: 36 0 500 0 0\nE: 0.0 0003 0039 1\nE: 0.0 0003 0035 500\nE: 0.0 0003 0036 500\nE: 0.0 0000 0000 0\n"
        let recording = try EvemuImporter(size: PanelSize(width: 200, height: 80)).parse(events, file: "sized.events")
        #expect(recording.panel == PanelSize(width: 200, height: 80))
        #expect(recording.warnings.isEmpty)
        #expect(recording.frames[0].contacts[0].position == PanelPoint(x: 100, y: 80))
    }

    /// One axis with a resolution lends it to the other (square units), and says so.
    @Test func anAxisWithoutResolutionBorrowsTheOthers() throws {
        let events = "N: Half\nA: 35 0 1000 0 0 10\nA: 36 0 500 0 0 0\nE: 0.0 0003 0039 1\nE: 0.0 0000 0000 0\n"
        let recording = try EvemuImporter().parse(events, file: "half.events")
        #expect(recording.panel == PanelSize(width: 100, height: 50))
        #expect(recording.warnings.count == 1)
        #expect(recording.warnings.first?.contains("--size WxH") == true)
    }

    @Test func theDevicesResolutionWinsOverAGivenSizeWithAWarning() throws {
        let recording = try EvemuImporter(size: PanelSize(width: 300, height: 200)).parse(
            Self.description + "E: 0.0 0003 0039 1\nE: 0.0 0000 0000 0\n", file: "res.events")
        #expect(recording.panel == PanelSize(width: 100, height: 50))
        #expect(recording.warnings == ["res.events: Test Panel reports its resolution (100 x 50 mm panel); --size 300x200 is not used"])
        #expect(try EvemuImporter().parse(Self.description + "E: 0.0 0000 0000 0\n", file: "res.events").warnings.isEmpty)
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
            try EvemuImporter(size: PanelSize(width: 300, height: 200)).parse("E: 0.0 0003 0035 1\nE: 0.0 0000 0000 0\n", file: "alone.events")
        } throws: { error in
            "\(error)".contains("alone.events") && "\(error)".contains("description")
        }
    }

    /// A tablet's button pad or a keyboard has no position axes: an error that says so, not a
    /// request for the description it came with.
    @Test func aDeviceWithoutPositionAxesIsNotATouchDevice() {
        let events = "N: Tablet Pad\nA: 28 0 71 0 0 0\nE: 0.0 0001 0100 1\nE: 0.0 0000 0000 0\n"
        #expect(throws: ImportError(file: "pad.events", message: "Tablet Pad has no x position axis: not a touch device")) {
            try EvemuImporter().parse(events, file: "pad.events")
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
        #expect(EvemuImporter.descriptionFile(for: events.path).map { URL(fileURLWithPath: $0).lastPathComponent } == "My Panel.desc")
        let recording = try EvemuImporter().load(events: events.path)
        #expect(recording.device.name == "Test Panel")
        #expect(recording.frames.count == 1)
    }

    /// Newer evemu names recordings `<device> <what>.events` beside `<device>.desc`.
    @Test func theLongestDescriptionNameStartingTheEventsFileNameIsItsDescription() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Pad.desc", "Pad Finger.desc", "Pad Finger.prop", "Other.desc"] {
            try Self.description.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let events = folder.appendingPathComponent("Pad Finger double-tap.events")
        #expect(EvemuImporter.descriptionFile(for: events.path).map { URL(fileURLWithPath: $0).lastPathComponent } == "Pad Finger.desc")
        #expect(EvemuImporter.descriptionFile(for: folder.appendingPathComponent("Pad.2-fingers.events").path).map { URL(fileURLWithPath: $0).lastPathComponent } == "Pad.desc")
        #expect(EvemuImporter.descriptionFile(for: folder.appendingPathComponent("Padding.events").path) == nil)
    }
}
