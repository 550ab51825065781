import Foundation
import Testing

/// libtouchhost.a as touchhost.pc promises it: a C program linked with
/// `cc -static ... $(pkg-config --static --cflags --libs touchhost)` is one static executable
/// that runs touches through tracker and recognizers with no shared library at all.
@Suite("CAPI static link")
struct CAPIStaticLinkTests {
    @Test(.timeLimit(.minutes(10)))
    func aStaticCProgramLinksTheArchiveAndRuns() throws {
        let prefix = try CAPILibrary.ensureBuilt()
        let archive = prefix.appendingPathComponent("lib/libtouchhost.a").path
        #expect(FileManager.default.fileExists(atPath: archive), "build-libtouchhost made no \(archive)")

        let flags = CAPIProcess.run(
            "/usr/bin/env", ["pkg-config", "--static", "--cflags", "--libs", "touchhost"],
            environment: ["PKG_CONFIG_PATH": prefix.appendingPathComponent("lib/pkgconfig").path], timeout: 30)
        try #require(flags.status == 0, "pkg-config --static failed: \(flags.output)")
        let binary = CAPILibrary.scratch("manual_gestures-static")
        let compile = CAPIProcess.run(
            "/usr/bin/env",
            ["cc", "-static", "-std=c99", "-Wall", "-Werror", CAPILibrary.source("CTests/c/manual_gestures.c"), "-o", binary]
                + flags.output.split(whereSeparator: \.isWhitespace).map(String.init),
            timeout: 300)
        try #require(compile.status == 0, "the static link failed:\n\(compile.output)")

        let headers = CAPIProcess.run("/usr/bin/env", ["readelf", "-l", "-d", binary], timeout: 30)
        #expect(!headers.output.contains("INTERP"), "not a static executable:\n\(headers.output)")
        #expect(!headers.output.contains("NEEDED"), "needs shared libraries:\n\(headers.output)")

        let run = CAPIProcess.run(binary, [], timeout: 60)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("manual_gestures: ok"), "\(run.output)")
    }

    @Test func theArchiveExportsOnlyTheCAPI() throws {
        let prefix = try CAPILibrary.ensureBuilt()
        let symbols = CAPIProcess.run(
            "/usr/bin/env", ["nm", "--defined-only", "-g", prefix.appendingPathComponent("lib/libtouchhost.a").path], timeout: 60)
        try #require(symbols.status == 0, "\(symbols.output)")
        let globals = symbols.output.split(separator: "\n").compactMap { line -> Substring? in
            let fields = line.split(separator: " ")
            return fields.count == 3 ? fields[2] : nil
        }
        #expect(globals.contains("th_context_open"))
        #expect(globals.filter { !$0.hasPrefix("th_") }.isEmpty, "\(globals.filter { !$0.hasPrefix("th_") }.prefix(10))")
    }
}
