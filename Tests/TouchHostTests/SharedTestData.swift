import Foundation
import Testing

/// The real recordings in `shared/data`, found next to the package root (this file is
/// Tests/TouchHostTests/…, three levels below the root's parent).
enum SharedTestData {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static func folder(_ name: String) -> URL? {
        let url = root.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return url
    }

    /// Every file under `folder` whose extension is one of `extensions`, sorted; empty when the
    /// data is missing.
    static func files(in name: String, extensions: Set<String>) -> [URL] {
        guard let folder = folder(name),
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return walker.compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
    }

    static func missingMessage(_ name: String) -> String {
        "shared data folder \(root.appendingPathComponent(name).path) is missing: data tests skipped"
    }

    /// Skips a test, saying why, when the data folder is missing.
    static func needs(_ name: String) -> ConditionTrait {
        .enabled(if: folder(name) != nil, Comment(rawValue: missingMessage(name)))
    }
}
