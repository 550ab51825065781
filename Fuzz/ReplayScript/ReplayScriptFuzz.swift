import TouchHost

// libFuzzer target `replay-script`: any bytes as a touch script (`.touch`, contracts.md section 2),
// replayed as `touchhost replay FILE.touch` replays it (EndToEndRun). Nothing is clamped: the
// parser's limits and the lazy expansion are what keep a hostile script bounded.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplayScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    EndToEndRun.replayFile(UnsafeBufferPointer(start: data, count: size), extension: "touch", options: ImportOptions())
    return 0
}
