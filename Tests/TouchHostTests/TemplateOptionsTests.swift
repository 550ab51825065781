import Foundation
import SharedDataSupport
import Testing

/// `replay`'s template options through the binary: room for 16 gestures x 10 examples, a folder of
/// examples, `--recognizers template`, `--events gestures`, `--template-min-score`, and a kiosk's
/// ordinary strokes answering no template.
@Suite struct TemplateOptionsTests {
    typealias Folder = TemplateCommandLineTests.Folder

    static func run(_ arguments: [String]) throws -> TouchHostBinary.Result {
        try TouchHostBinary.run(try TouchHostBinary.locate(), arguments, timeout: 120)
    }

    static func events(_ result: TouchHostBinary.Result) -> [[String: Any]] {
        result.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func templates(_ result: TouchHostBinary.Result) -> [String] {
        events(result).filter { $0["kind"] as? String == "template" && $0["state"] as? String == "recognized" }
            .compactMap { $0["template"] as? String }
    }

    /// A "z" drawn 161 ways (each a little wider): 160 fit, the 161st is refused with the capacity.
    @Test func aRecognizerSetHolds160ExamplesAndSaysSoWhenFull() throws {
        let folder = try Folder()
        let examples = folder.url.appendingPathComponent("zed")
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        for i in 0..<161 {
            let width = 30 + Double(i) * 0.1
            try "100ms path 10 10, \(10 + width) 10, 10 40, \(10 + width) 40 in 400ms\n"
                .write(to: examples.appendingPathComponent(String(format: "zed%03d.touch", i)), atomically: true, encoding: .utf8)
        }
        let stroke = try folder.script("stroke.touch", "100ms path 60 60, 120 60, 60 120, 120 120 in 600ms\n")
        let full = try Self.run(["replay", "--json", "--template", "zed=" + examples.path, stroke])
        #expect(full.status == 1)
        #expect(full.error.contains("a recognizer set holds at most 160 template examples"), "\(full.error)")
        try FileManager.default.removeItem(at: examples.appendingPathComponent("zed160.touch"))
        let fits = try Self.run(["replay", "--json", "--template", "zed=" + examples.path, stroke])
        #expect(fits.status == 0, "\(fits.error)")
        #expect(Self.templates(fits) == ["zed"])
    }

    /// s02's slow strokes, all 160, as a folder of examples named by their files; s02's medium
    /// strokes replayed with only the template recognizer and only gesture events printed.
    @Test func aFolderOfExamplesTeachesEveryGestureNamedByItsFiles() throws {
        let library = SharedTestData.folder("unistroke/s02/slow").path
        let strokes = try SharedTestData.files(in: "unistroke/s02/medium", extensions: ["xml"]).filter {
            $0.lastPathComponent.hasSuffix("01.xml")
        }
        #expect(strokes.count == 16)
        let result = try Self.run(
            ["replay", "--json", "--recognizers", "template", "--events", "gestures", "--templates", library] + strokes.map(\.path))
        #expect(result.status == 0, "\(result.error)")
        let events = Self.events(result)
        #expect(!events.isEmpty && events.allSatisfy { $0["type"] as? String == "gesture" && $0["kind"] as? String == "template" })
        var right = 0
        for stroke in strokes {
            let name = stroke.lastPathComponent.replacingOccurrences(of: "01.xml", with: "")
            let answers = events.filter { $0["source"] as? String == stroke.lastPathComponent || $0["source"] as? String == stroke.path }
            if answers.compactMap({ $0["template"] as? String }) == [name] { right += 1 }
        }
        // Accuracy is TemplateProtocolTests' business; here the names must come from the files. s02 draws
        // some gestures alike (its `v`s are checks), so one or two strokes may go unanswered.
        #expect(right >= 13, "\(right) of 16 named right: \(result.lines)")
    }

    /// Taps, drags and flicks in eight directions and a two-finger scroll, with every gesture of the
    /// $1 study registered, in the whole kiosk set: no template answers.
    @Test func aKiosksOrdinaryStrokesAnswerNoTemplate() throws {
        let folder = try Folder()
        var lines: [String] = []
        var t = 100
        for (x, y) in [(100.0, 80.0), (200, 120), (60, 150)] {
            lines.append("\(t)ms tap \(x) \(y)")
            t += 1000
        }
        for k in 0..<8 {
            let angle = Double(k) * .pi / 4
            let dx = 60 * cos(angle), dy = 60 * sin(angle)
            for duration in [700, 120] {
                lines.append(String(format: "%dms drag from 170 95 to %.1f %.1f in %dms", t, 170 + dx, 95 + dy, duration))
                t += 1500
            }
        }
        lines.append("\(t)ms drag from 150 40 to 150 140 in 600ms fingers 2")
        let script = try folder.script("ordinary.touch", lines.joined(separator: "\n") + "\n")
        let result = try Self.run(["replay", "--json", "--templates", SharedTestData.folder("unistroke/s03/medium").path, script])
        #expect(result.status == 0, "\(result.error)")
        #expect(Self.templates(result).isEmpty, "\(Self.templates(result))")
        let names = Set(Self.events(result).compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["tap", "pan", "swipe"]), "\(names)")
    }

    @Test func theMinimumScoreDecidesAndIsChecked() throws {
        let folder = try Folder()
        let example = try folder.script("z.touch", "100ms path 10 10, 40 10, 10 40, 40 40 in 400ms\n")
        let stroke = try folder.script("stroke.touch", "100ms path 200 50, 240 60, 200 110, 250 120 in 500ms\n")
        let answered = try Self.run(["replay", "--json", "--template", "zed=" + example, stroke])
        #expect(Self.templates(answered) == ["zed"])
        let strict = try Self.run(["replay", "--json", "--template-min-score", "1", "--template", "zed=" + example, stroke])
        #expect(strict.status == 0 && Self.templates(strict).isEmpty)
        let wrong = try Self.run(["replay", "--template-min-score", "1.5", "--template", "zed=" + example, stroke])
        #expect(wrong.status == 2)
        #expect(wrong.error.contains("--template-min-score"), "\(wrong.error)")
    }

    @Test func onlyGestureEventsArePrintedWhenAskedFor() throws {
        let folder = try Folder()
        let script = try folder.script("taps.touch", "100ms tap 50 50\n1000ms drag from 50 50 to 150 50 in 500ms\n")
        let all = Self.events(try Self.run(["replay", "--json", script]))
        let gestures = Self.events(try Self.run(["replay", "--json", "--events", "gestures", script]))
        #expect(all.contains { $0["type"] as? String == "touch" })
        #expect(!gestures.isEmpty && gestures.allSatisfy { $0["type"] as? String == "gesture" })
        #expect(gestures.count == all.filter { $0["type"] as? String == "gesture" }.count)
    }
}
