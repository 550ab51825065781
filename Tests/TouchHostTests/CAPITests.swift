import Foundation
import Testing

/// The C API as a C program sees it: programs under CTests/c are compiled with the system cc
/// against the built libtouchhost.so, plainly and with AddressSanitizer and UBSan, and must pass
/// their own checks.
@Suite("CAPI", .serialized)
struct CAPITests {
    static let programs = ["manual_gestures", "misuse", "custom_recognizer", "relations_and_regions", "templates", "stroke_gestures", "layout", "screen_calibration", "reconfigure", "bounded_replay", "error_text"]

    @Test(arguments: programs, [false, true])
    func cProgramPassesItsChecks(program: String, sanitized: Bool) throws {
        let binary = try CAPILibrary.program("CTests/c/\(program).c", program, sanitize: sanitized)
        let result = CAPIProcess.run(
            binary, [], environment: ["ASAN_OPTIONS": "detect_leaks=1", "UBSAN_OPTIONS": "print_stacktrace=1"],
            timeout: 60)
        #expect(result.status == 0, "\(program)\(sanitized ? " (sanitized)" : ""):\n\(result.output)")
        #expect(result.output.contains("\(program): ok"))
    }

    @Test func headerCompilesAsCpp17WithWarningsAsErrors() throws {
        let binary = CAPILibrary.scratch("header_compiles")
        try CAPILibrary.compile(
            [CAPILibrary.source("CTests/cpp/header_compiles.cpp")], output: binary, cpp: true, extra: ["-pedantic"])
        let result = CAPIProcess.run(binary, [], timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("no event waiting"))
    }

    @Test func headerCompilesAsStrictC99() throws {
        let probe = CAPILibrary.scratch("c99_probe.c")
        try "#include <touchhost.h>\nint main(void) { return th_version() == 0; }\n".write(
            toFile: probe, atomically: true, encoding: .utf8)
        try CAPILibrary.compile([probe], output: CAPILibrary.scratch("c99_probe"), extra: ["-pedantic"])
    }

    @Test func libraryNeedsNoSwiftRuntimeAndExportsOnlyTheCAPI() throws {
        let library = try CAPILibrary.ensureBuilt().appendingPathComponent("lib/libtouchhost.so").path
        let ldd = CAPIProcess.run("/usr/bin/env", ["ldd", library], timeout: 30)
        #expect(ldd.status == 0)
        #expect(!ldd.output.contains("libswift"), "\(ldd.output)")
        #expect(!ldd.output.contains("libFoundation"), "\(ldd.output)")
        let nm = CAPIProcess.run("/usr/bin/env", ["nm", "-D", "--defined-only", library], timeout: 30)
        let exported = nm.output.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, let kind = fields[1].first, kind.isUppercase, kind != "A" else { return nil }
            return String(fields[2].split(separator: "@")[0])
        }
        #expect(exported.contains("th_context_new_manual"))
        #expect(exported.allSatisfy { $0.hasPrefix("th_") }, "\(exported.filter { !$0.hasPrefix("th_") })")
        #expect(nm.output.contains("@@TOUCHHOST_0.1"))
        #expect(nm.output.contains("th_context_remove_recognizer@@TOUCHHOST_0.3"), "0.3's functions have their own version node")
    }

    /// Every function the header declares is exported, and nothing the header does not declare.
    @Test func exportsMatchTheHeader() throws {
        let library = try CAPILibrary.ensureBuilt().appendingPathComponent("lib/libtouchhost.so").path
        let header = try String(contentsOfFile: CAPILibrary.source("Sources/TouchHostC/include/touchhost.h"), encoding: .utf8)
        let declared = Set(header.matches(of: /\b(th_[a-z0-9_]+)\(/).map { String($0.1) })
        let nm = CAPIProcess.run("/usr/bin/env", ["nm", "-D", "--defined-only", library], timeout: 30)
        let exported = Set(nm.output.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[1] == "T" else { return nil }
            return String(fields[2].split(separator: "@")[0])
        })
        #expect(declared.subtracting(exported).isEmpty, "declared, not exported: \(declared.subtracting(exported).sorted())")
        #expect(exported.subtracting(declared).isEmpty, "exported, not declared: \(exported.subtracting(declared).sorted())")
    }

    @Test func pkgConfigGivesTheFlagsToBuildAgainstIt() throws {
        let prefix = try CAPILibrary.ensureBuilt()
        let result = CAPIProcess.run(
            "/usr/bin/env", ["pkg-config", "--cflags", "--libs", "touchhost"],
            environment: ["PKG_CONFIG_PATH": prefix.appendingPathComponent("lib/pkgconfig").path], timeout: 30)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("-ltouchhost"))
        // Relocatable (${pcfiledir}): the include folder is named from the .pc file's own place.
        let include = result.output.split(separator: " ").first { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) }
        #expect(include.map { URL(fileURLWithPath: $0).standardizedFileURL.path } == prefix.appendingPathComponent("include").standardizedFileURL.path,
                "\(result.output)")
        let pc = try String(contentsOf: prefix.appendingPathComponent("lib/pkgconfig/touchhost.pc"), encoding: .utf8)
        #expect(pc.contains("prefix=${pcfiledir}/../..") && !pc.contains(prefix.path), "\(pc)")
        #expect(pc.contains("Requires.private: libserialport"), "\(pc)")
    }
}
