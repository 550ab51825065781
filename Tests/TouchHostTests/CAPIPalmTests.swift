import Testing

/// Contact shape and palms as a C program reads them (CTests/c/palm_shape.c): the real
/// libtouchhost.so, a kiosk-15 emulated in-process playing a resting palm and a finger beside it,
/// the palm policy chosen with th_context_set_palms. The program checks its own counts; the lines
/// it prints are checked here too.
@Suite("CAPI palms", .serialized)
struct CAPIPalmTests {
    @Test(arguments: ["suppress", "report"], [false, true])
    func aCProgramReadsShapePalmFlagAndPalmStatusPositions(policy: String, sanitized: Bool) throws {
        let program = try CAPILibrary.program("CTests/c/palm_shape.c", "palm_shape", sanitize: sanitized)
        let script = CAPILibrary.source("CTests/c/fixtures/palm_beside_tap.touch")
        let result = CAPIProcess.run(
            program, ["emulate:kiosk-15?script=\(script)&seed=2", policy],
            environment: ["ASAN_OPTIONS": "detect_leaks=1", "UBSAN_OPTIONS": "print_stacktrace=1"], timeout: 60)
        #expect(result.status == 0, "\(policy)\(sanitized ? " (sanitized)" : ""):\n\(result.output)")
        #expect(result.output.contains("palm_shape: ok"), "\(result.output)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("finger at") }.count == 1, "\(result.output)")
        #expect(lines.filter { $0.hasPrefix("palm touch at") }.count == (policy == "report" ? 1 : 0), "\(result.output)")
        #expect(lines.filter { $0.hasPrefix("palm began at") || $0.hasPrefix("palm ended at") }.count == 2, "\(result.output)")
    }
}
