import Foundation

/// The real recordings in `Tests/Data` (data nobody on this project wrote; see its README and each
/// set's PROVENANCE.md), kept in the repository so a clone alone runs every test: the one way every
/// test target finds them. This file is `<root>/Tests/SharedDataSupport/SharedTestData.swift`, and
/// the data is `<root>/Tests/Data`.
///
/// Missing data is a failure, never a skip: a parameterized test takes `cases(in:extensions:)`,
/// which holds one failing case when the folder is missing or has no such file, so it cannot pass
/// on zero cases; other tests call `files(in:extensions:)` or `file(_:)`, which throw.
public enum SharedTestData {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let root = packageRoot.appendingPathComponent("Tests/Data").standardizedFileURL

    /// `Tests/Data/<name>`, whether or not it is there.
    public static func folder(_ name: String) -> URL {
        root.appendingPathComponent(name)
    }

    /// Every file under `Tests/Data/<name>` (subfolders included) whose extension is one of
    /// `extensions`, sorted by path; an error naming the folder when there is none.
    public static func files(in name: String, extensions: Set<String>) throws -> [URL] {
        let found = search(name, extensions)
        guard !found.isEmpty else { throw MissingSharedData(folder: folder(name), extensions: extensions) }
        return found
    }

    /// The same files as test cases. When there is none, one case that fails (`DataFile.url()`
    /// throws), so the test reports the missing data instead of running zero cases.
    public static func cases(in name: String, extensions: Set<String>) -> [DataFile] {
        let found = search(name, extensions)
        guard !found.isEmpty else { return [DataFile(missing: MissingSharedData(folder: folder(name), extensions: extensions))] }
        return found.map { DataFile(url: $0) }
    }

    /// One file, `Tests/Data/<path>`; an error when it is not there.
    public static func file(_ path: String) throws -> URL {
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingSharedData(folder: url, extensions: [])
        }
        return url
    }

    private static func search(_ name: String, _ extensions: Set<String>) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder(name), includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) }
            .map(\.standardizedFileURL).sorted { $0.path < $1.path }
    }
}

/// One data file as a test argument, shown by its name; or the failing stand-in for none.
public struct DataFile: Sendable, Hashable, CustomStringConvertible {
    private let location: URL?
    private let problem: MissingSharedData?

    init(url: URL) {
        location = url
        problem = nil
    }

    init(missing: MissingSharedData) {
        location = nil
        problem = missing
    }

    /// The file; throws when the data is missing.
    public func url() throws -> URL {
        if let location { return location }
        throw problem!
    }

    /// The file's name (`wetab.event`).
    public var name: String { location?.lastPathComponent ?? "missing data" }

    public var description: String { name }
}

public struct MissingSharedData: Error, Sendable, Hashable, CustomStringConvertible {
    public var folder: URL
    public var extensions: Set<String>

    public var description: String {
        let kinds = extensions.isEmpty ? "" : " (no " + extensions.sorted().map { ".\($0)" }.joined(separator: ", ") + " files)"
        return "test data missing: \(folder.path)\(kinds); the tests read the repository's Tests/Data (Tests/Data/README.md)"
    }
}
