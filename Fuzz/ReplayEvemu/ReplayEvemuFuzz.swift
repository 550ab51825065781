import TouchHost

// libFuzzer target `replay-evemu`: any bytes as an evemu recording, replayed as `touchhost replay
// FILE.evemu` replays it (EndToEndRun). Inputs of odd length are given `--size 345x194`, the rest
// leave the panel size to the importer (the device's resolution, or its assumption).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplayEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let options = ImportOptions(size: size % 2 == 1 ? PanelSize(width: 345, height: 194) : nil)
    EndToEndRun.replayFile(UnsafeBufferPointer(start: data, count: size), extension: "evemu", options: options)
    return 0
}
