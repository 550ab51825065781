import Foundation
import Testing

/// `touchhost replay --template NAME=FILE`: templates taught from example strokes, several per name.
@Suite struct TemplateCommandLineTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(getpid())-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        func script(_ name: String, _ text: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
    }

    static func gestures(_ lines: [String]) -> [[String: Any]] {
        lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["type"] as? String == "gesture" && $0["state"] as? String == "recognized" }
    }

    /// Three ways of drawing a "z" and one "hook": each drawn again elsewhere and larger is named.
    @Test(arguments: [
        ("path 60 60, 120 60, 60 120, 120 120 in 600ms", "zed"),  // like the first example
        ("path 200 50, 240 60, 200 110, 250 120 in 500ms", "zed"),  // like the second
        ("path 80 140, 80 180, 130 180, 130 150 in 600ms", "hook"),
    ])
    func aStrokeIsNamedByTheTemplateOfItsClosestExample(stroke: String, expected: String) throws {
        let folder = try Folder()
        let examples = [
            ("zed", "100ms path 10 10, 40 10, 10 40, 40 40 in 400ms\n"),
            ("zed", "100ms path 10 10, 40 15, 10 40, 45 45 in 400ms\n"),
            ("zed", "100ms path 10 10, 30 10, 10 30, 32 31 in 400ms\n"),
            ("hook", "100ms path 10 10, 10 40, 40 40, 40 20 in 400ms\n"),
        ]
        var arguments = ["replay", "--json"]
        for (i, (name, text)) in examples.enumerated() {
            arguments += ["--template", "\(name)=" + (try folder.script("example\(i).touch", text))]
        }
        arguments.append(try folder.script("stroke.touch", "100ms " + stroke + "\n"))
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), arguments, timeout: 30)
        #expect(result.status == 0, "\(result.error)")
        let templates = Self.gestures(result.lines).filter { $0["kind"] as? String == "template" }
        #expect(templates.count == 1)
        #expect(templates.first?["template"] as? String == expected, "\(templates)")
    }

    @Test func aTemplateThatIsNotNameEqualsFileIsAUsageError() throws {
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", "--template", "zed", "x.touch"], timeout: 10)
        #expect(result.status == 2)
        #expect(result.error.contains("--template wants NAME=FILE"), "\(result.error)")
    }

    @Test func aTemplateExampleThatCannotBeReadNamesItsFile() throws {
        let folder = try Folder()
        let stroke = try folder.script("stroke.touch", "100ms tap 50 50\n")
        let result = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["replay", "--template", "zed=/nonexistent/zed.touch", stroke], timeout: 10)
        #expect(result.status == 1)
        #expect(result.error.contains("/nonexistent/zed.touch"), "\(result.error)")
    }

    @Test func anExampleWithoutAStrokeIsRefused() throws {
        let folder = try Folder()
        let tap = try folder.script("tap.touch", "100ms tap 50 50\n")
        let result = try TouchHostBinary.run(try TouchHostBinary.locate(), ["replay", "--template", "dot=" + tap, tap], timeout: 10)
        #expect(result.status == 1)
        #expect(result.error.contains("draws no stroke"), "\(result.error)")
    }
}
