import TouchHost

// libFuzzer target `replay-unistroke`: any bytes as a $1 unistroke log (the XML of the $1 paper's
// data sets), replayed as `touchhost replay FILE.xml` replays it (EndToEndRun).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplayUnistroke(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    EndToEndRun.replayFile(UnsafeBufferPointer(start: data, count: size), extension: "xml", options: ImportOptions())
    return 0
}
