import Foundation
import Testing

/// Issue 26, item 3: calls from a signal handler are refused (TH_ERR_BUSY) instead of aborting or
/// deadlocking, and a context whose thread exited can still be destroyed; a C program written
/// from the header, against the real library.
@Suite("CAPI signals and threads")
struct CAPISignalTests {
    @Test func aSignalHandlersCallIsRefusedAndAnOrphanedContextIsDestroyed() throws {
        let program = try CAPILibrary.program("CTests/c/signals_and_threads.c", "signals_and_threads")
        let result = CAPIProcess.run(program, [], timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("adopted"), "\(result.output)")
        #expect(result.output.contains("signals_and_threads: ok"), "\(result.output)")
    }
}
