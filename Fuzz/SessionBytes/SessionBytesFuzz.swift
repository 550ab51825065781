import TouchCore
import TouchHost

// libFuzzer target `session-bytes`: whatever a device, a TCP peer or a bridge could send, at
// whatever pace, through the host's live path: the bytes reach a DeviceSession (handshake, frame
// decoder, device clock, upstream touch and gesture events, heatmaps, pipeline) as they reach it
// from a port, and its events become JSON, readable or monitor lines (EndToEndRun; the input's
// length picks one). No file: a device's bytes never pass through one. The input is
// a list of reads: a gap in milliseconds (one byte), a length (one byte), then that many bytes as
// they arrived. A recording of a live link is replayed the same way (ReplayDriver), so the
// session's clock is the reads' times and a silence of any length costs nothing to fuzz.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var chunks: [Recording.Chunk] = []
    var time: Microseconds = 0
    var position = 0
    while position + 2 <= size {
        time += Microseconds(input[position]) * 1_000
        let end = min(size, position + 2 + Int(input[position + 1]))
        chunks.append(Recording.Chunk(time: time, direction: .fromDevice, bytes: Array(input[(position + 2)..<end])))
        position = end
    }
    EndToEndRun.replay(ReplaySource(name: "fuzz", recording: Recording(chunks: chunks)), as: LineFormat.chosen(by: input))
    return 0
}
