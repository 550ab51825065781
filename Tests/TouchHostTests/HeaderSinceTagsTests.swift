import Foundation
import Testing

/// The header's "Since" tags say what the version script (Sources/TouchHostC/touchhost.map) does:
/// a function in the TOUCHHOST_0.2 node says "Since 0.2." in its comment or sits in a section whose
/// banner says "(since 0.2", and a 0.1 function says neither (the header: "Every function is
/// available since 0.1 unless its comment says otherwise"). A C programmer reads the header, the
/// linker reads the map; this keeps them telling the same story.
@Suite struct HeaderSinceTagsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// function name -> the version node of the map that exports it ("0.1", "0.2", ...).
    static func mapVersions() throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("Sources/TouchHostC/touchhost.map"), encoding: .utf8)
        var versions: [String: String] = [:]
        var node: String?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let range = trimmed.range(of: #"^TOUCHHOST_(\d+\.\d+)\s*\{"#, options: .regularExpression) {
                node = String(trimmed[range].dropFirst("TOUCHHOST_".count).prefix { $0 != " " && $0 != "{" })
            } else if trimmed.hasPrefix("}") {
                node = nil
            } else if let node, trimmed.hasPrefix("th_"), trimmed.hasSuffix(";") {
                versions[String(trimmed.dropLast())] = node
            }
        }
        return versions
    }

    /// function name -> the version the header gives it: its own comment's "Since X.Y", else its
    /// section banner's "(since X.Y", else 0.1.
    static func headerVersions() throws -> [String: String] {
        headerVersions(try String(contentsOf: root.appendingPathComponent("Sources/TouchHostC/include/touchhost.h"), encoding: .utf8))
    }

    static func headerVersions(_ text: String) -> [String: String] {
        let lines = text.components(separatedBy: "\n")
        var versions: [String: String] = [:]
        var section = "0.1"
        var comment: [String] = []
        var inComment = false
        var afterRule = false
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("/* ") && trimmed.hasSuffix("*/") {
                // A section banner follows a rule ("/* ---- */"): "/* Recording (since 0.3) */";
                // a banner without a version starts a 0.1 section.
                if afterRule && !trimmed.hasPrefix("/* ---") {
                    section = version(in: trimmed, pattern: #"\(since (\d+\.\d+)"#) ?? "0.1"
                }
                afterRule = trimmed.hasPrefix("/* ---")
                comment = []
                continue
            }
            afterRule = false
            if trimmed.hasPrefix("/**") { inComment = true; comment = [] }
            if inComment {
                comment.append(trimmed)
                if trimmed.hasSuffix("*/") { inComment = false }
                continue
            }
            if let name = declaredFunction(trimmed) {
                versions[name] = version(in: comment.joined(separator: " "), pattern: #"Since (\d+\.\d+)"#) ?? section
            }
            if !trimmed.isEmpty { comment = [] }
        }
        return versions
    }

    static func declaredFunction(_ text: String) -> String? {
        let line = text.trimmingCharacters(in: .whitespaces)
        guard let range = line.range(of: #"\bth_[a-z0-9_]+\("#, options: .regularExpression),
            !line.hasPrefix("typedef"), !line.hasPrefix("*"), !line.hasPrefix("#")
        else { return nil }
        return String(line[range].dropLast())
    }

    static func version(in text: String, pattern: String) -> String? {
        guard let match = text.range(of: pattern, options: .regularExpression) else { return nil }
        return String(text[match].drop { !$0.isNumber })
    }

    @Test func everyExportedFunctionIsDeclaredWithTheMapsVersion() throws {
        let map = try Self.mapVersions()
        let header = try Self.headerVersions()
        #expect(map.count > 50, "the map lists \(map.count) functions")
        for (name, version) in map.sorted(by: { $0.key < $1.key }) {
            #expect(header[name] != nil, "\(name) is exported by the map but not declared in touchhost.h")
            if let said = header[name] {
                #expect(said == version, "\(name): the map exports it in TOUCHHOST_\(version), the header says since \(said)")
            }
        }
        for name in header.keys where map[name] == nil {
            Issue.record("\(name) is declared in touchhost.h but the map does not export it")
        }
    }

    @Test func theReaderTellsTagsSectionsAndProseApart() {
        let header = """
            /* ---------- */
            /* Events      */
            /* ---------- */

            /** Calls th_context_dispatch() first. */
            th_error th_old(int a);
            /** Another. Since 0.2. */
            th_error th_tagged(int a,
                               int b);
            /* ---------- */
            /* Recording (since 0.3; docs/c-api.md) */
            /* ---------- */
            /** No tag of its own. */
            th_error th_in_section(void);
            """
        #expect(Self.headerVersions(header) == ["th_old": "0.1", "th_tagged": "0.2", "th_in_section": "0.3"])

        #expect(Self.version(in: "/** Adds another example. Since 0.2. */", pattern: #"Since (\d+\.\d+)"#) == "0.2")
        #expect(Self.version(in: "/* Recording (since 0.3)   */", pattern: #"\(since (\d+\.\d+)"#) == "0.3")
        #expect(Self.declaredFunction("th_error th_context_open(const char *source,") == "th_context_open")
        #expect(Self.declaredFunction(" * calls th_context_dispatch() when") == nil)
    }
}
