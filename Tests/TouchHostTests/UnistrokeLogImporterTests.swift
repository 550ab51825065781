import Foundation
import SharedDataSupport
import Testing
import TouchCore
import TouchHost

@Suite struct UnistrokeLogImporterTests {
    static let sample = """
        \u{FEFF}<?xml version="1.0" encoding="utf-8" standalone="yes"?>
        <Gesture Name="check03" Subject="7" Speed="fast" Number="3" NumPts="3" Millseconds="30">
          <Point X="100" Y="200" T="5000" />
          <Point Y='204'
                 X='102' T='5010'/>
          <Point X="110" Y="180" T="5030" />
        </Gesture>
        """

    @Test func pointsBecomeMillimetresAndMicrosecondsFromTheFirstPoint() throws {
        let log = try UnistrokeLogImporter.parse(Self.sample, file: "check03.xml")
        #expect(log.gesture == "check")
        #expect(log.subject == "7")
        #expect(log.recordedMilliseconds == 30)
        #expect(log.samples == [
            StrokeSample(x: 25, y: 50, time: 0), StrokeSample(x: 25.5, y: 51, time: 10_000),
            StrokeSample(x: 27.5, y: 45, time: 30_000),
        ])
    }

    @Test func aStrokeReplaysAsOneContactGoingDownMovingAndLiftingWhereItEnded() throws {
        let frames = try UnistrokeLogImporter.parse(Self.sample, file: "check03.xml", millimetresPerPixel: 1).contactFrames()
        #expect(frames.map { $0.contacts[0].state } == [.down, .move, .move, .up])
        #expect(frames.map(\.timestamp) == [0, 10_000, 30_000, 30_000])
        #expect(frames[2].contacts[0].position == PanelPoint(x: 110, y: 180))
        #expect(frames[3].contacts[0].position == PanelPoint(x: 110, y: 180))
        #expect(frames.allSatisfy { $0.contacts.count == 1 && $0.contacts[0].controllerId == 0 })
    }

    @Test(arguments: [
        ("<Gesture Name=\"a1\">\n<Point X=\"1\" Y=\"oops\" T=\"3\" />\n</Gesture>", 2, "numeric"),
        ("<Gesture Name=\"a1\">\n<Point X=\"1\"\n Y=\"2\" />\n</Gesture>", 2, "numeric"),
        ("<Gesture Name=\"a1\">\n<Point X=1 Y=\"2\" T=\"3\" />", 2, "not quoted"),
        ("<Point X=\"1\" Y=\"2\" T=\"3\" />", 1, "outside"),
        ("<Gesture Subject=\"1\">", 1, "Name"),
    ])
    func malformedLogsAreRejectedNamingFileAndLine(text: String, line: Int, words: String) {
        #expect {
            try UnistrokeLogImporter.parse(text, file: "bad.xml")
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.file == "bad.xml" && error.line == line && error.message.contains(words)
        }
    }

    @Test func aGestureWithoutPointsIsAnErrorForTheWholeFile() {
        #expect(throws: ImportError(file: "empty.xml", message: "the gesture has no <Point>")) {
            try UnistrokeLogImporter.parse("<Gesture Name=\"x1\"></Gesture>", file: "empty.xml")
        }
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect {
            try UnistrokeLogImporter.load(path: "/nonexistent/check01.xml")
        } throws: { error in
            "\(error)".contains("/nonexistent/check01.xml")
        }
    }

    @Test func everyLogInTheStudyImports() throws {
        let files = try SharedTestData.files(in: "unistroke", extensions: ["xml"])
        for file in files {
            let log = try UnistrokeLogImporter.load(path: file.path)
            #expect(log.samples.count > 1, "\(file.lastPathComponent)")
            #expect(file.lastPathComponent.hasPrefix(log.name))
            // 240 x 320 pixels at 0.25 mm: a stroke stays on a 60 x 80 mm screen.
            #expect(log.samples.allSatisfy { $0.position.x >= -1 && $0.position.x <= 61 && $0.position.y >= -1 && $0.position.y <= 81 })
        }
    }
}
