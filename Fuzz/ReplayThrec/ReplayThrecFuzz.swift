import TouchHost

// libFuzzer target `replay-threc`: any bytes as a `.threc` recording, replayed as `touchhost replay
// FILE.threc` replays it (EndToEndRun): the recording's text is parsed, and the device's bytes go
// through the same DeviceSession a port uses (handshake, decoder, device clock, pipeline).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplayThrec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    EndToEndRun.replayFile(UnsafeBufferPointer(start: data, count: size), extension: "threc", options: ImportOptions())
    return 0
}
