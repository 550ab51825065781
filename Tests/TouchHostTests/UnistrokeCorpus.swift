import Foundation
import SharedDataSupport
import TouchCore
import TouchHost

/// Every $1 log in Tests/Data/unistroke, loaded once for all the unistroke data tests.
struct UnistrokeCorpus: Sendable {
    struct Entry: Sendable {
        var url: URL
        var log: UnistrokeLog
        /// `s02` from `.../s02/medium/check01.xml`.
        var subject: String
        var speed: String
        var number: Int
    }

    var entries: [Entry]
    var gestures: [String] { Array(Set(entries.map(\.log.gesture))).sorted() }

    /// Loaded once; the error says which folder is missing.
    static let loaded = Result<UnistrokeCorpus, any Error> {
        let files = try SharedTestData.files(in: "unistroke", extensions: ["xml"])
        let entries = try files.map { url -> Entry in
            let log = try UnistrokeLogImporter.load(path: url.path)
            let speed = url.deletingLastPathComponent().lastPathComponent
            let subject = url.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
            let number = Int(log.name.drop { !$0.isNumber }) ?? 0
            return Entry(url: url, log: log, subject: subject, speed: speed, number: number)
        }
        return UnistrokeCorpus(entries: entries)
    }

    /// The corpus, or the reason it is missing: a test that needs it fails without it.
    static func require() throws -> UnistrokeCorpus { try loaded.get() }

    /// For tables computed once: nil without the data (the tests that read them call `require` first).
    static var shared: UnistrokeCorpus? { try? loaded.get() }

    /// The share of each gesture's strokes for which `fires` is true.
    func rates(_ fires: (Entry) -> Bool) -> [String: Double] {
        var hits: [String: (Int, Int)] = [:]
        for entry in entries {
            let (h, n) = hits[entry.log.gesture] ?? (0, 0)
            hits[entry.log.gesture] = (h + (fires(entry) ? 1 : 0), n + 1)
        }
        return hits.mapValues { Double($0.0) / Double($0.1) }
    }
}
