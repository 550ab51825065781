import ArgumentParser
import Foundation
import TouchHost

/// `replay`'s template and output options: the examples a `template` recognizer learns, how close a
/// stroke must come, and which events are printed.
struct TemplateOptions: ParsableArguments {
    @Option(
        name: .customLong("template"),
        help: ArgumentHelp(
            "A template example: the first finger's stroke in FILE (a script, recording or $1 log), named NAME; "
                + "FILE may be a folder, every file in it an example of NAME.",
            discussion: "Repeat it: several examples of one NAME make one template. Adds the `template` recognizer.",
            valueName: "NAME=FILE"))
    var templates: [String] = []

    @Option(
        name: .customLong("templates"),
        help: ArgumentHelp(
            "A folder of template examples, each named by its file name without extension and trailing digits "
                + "(arrow01.xml and arrow02.xml are two examples of 'arrow').",
            valueName: "FOLDER"))
    var folders: [String] = []

    @Option(
        name: .customLong("template-min-score"),
        help: ArgumentHelp(
            "The score (0 to 1) a stroke needs to be a template: 1 is a perfect match, 1/2 as far from its nearest "
                + "example as the template's examples are from each other (default \(TemplateStore.defaultMinimumScore)).",
            valueName: "SCORE"))
    var minimumScore: Float = TemplateStore.defaultMinimumScore

    @Option(help: "Which events to print: all, or gestures (gesture events only).")
    var events: EventChoice = .all

    enum EventChoice: String, ExpressibleByArgument, CaseIterable {
        case all, gestures
    }

    var hasTemplates: Bool { !templates.isEmpty || !folders.isEmpty }

    func validate() throws {
        for template in templates where TemplateExample.parse(template) == nil {
            throw ValidationError("--template wants NAME=FILE, not '\(DisplayText.excerpt(template))'")
        }
        guard minimumScore >= 0, minimumScore <= 1 else {
            throw ValidationError("--template-min-score wants a score from 0 to 1")
        }
    }

    /// Every example as (name, file), folders opened, in the order given.
    func examples() throws -> [(name: String, file: String)] {
        var found: [(name: String, file: String)] = []
        for template in templates {
            guard let (name, file) = TemplateExample.parse(template) else { continue }
            if let files = try Self.filesIfFolder(file) {
                found += files.map { (name, $0) }
            } else {
                found.append((name, file))
            }
        }
        for folder in folders {
            guard let files = try Self.filesIfFolder(folder) else { throw HostFailure("--templates \(folder): not a folder") }
            for file in files {
                guard let name = TemplateExample.name(ofFile: file) else { continue }
                found.append((name, file))
            }
        }
        return found
    }

    /// The `--template` examples, each read as `replay` reads its inputs.
    func store(options: ImportOptions) throws -> TemplateStore {
        let store = TemplateStore()
        store.library.minimumScore = minimumScore
        for (name, file) in try examples() {
            let source = try ReplaySource.load(path: file, format: .auto, options: options)
            let points = try TemplateExample.firstStroke(of: source)
            guard store.add(points, name: name) != nil else {
                let reason = store.library.isFull
                    ? "a recognizer set holds at most \(TemplateStore.capacity) template examples"
                    : "its first finger draws no stroke"
                throw HostFailure("\(file): --template \(DisplayText.excerpt(name)): \(reason)")
            }
        }
        return store
    }

    /// Whether `event` is printed.
    func prints(_ event: HostEvent) -> Bool {
        switch events {
        case .all: return true
        case .gestures: if case .gesture = event { return true } else { return false }
        }
    }

    /// The files of a folder, sorted, hidden ones left out; nil when `path` is not a folder.
    private static func filesIfFolder(_ path: String) throws -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        let files = names.map { (path as NSString).appendingPathComponent($0) }.filter {
            var inner: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &inner) && !inner.boolValue
        }
        guard !files.isEmpty else { throw HostFailure("\(path): no template examples in this folder") }
        return files
    }
}
