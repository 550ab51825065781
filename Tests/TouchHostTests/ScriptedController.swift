import Firmware
import TouchCore
@testable import TouchHost

extension TouchController {
    /// Plays `script` on the controller's panel scan by scan, as the emulator does, until `end`:
    /// the bytes it sent.
    mutating func play(_ script: String, until end: Microseconds) throws -> [UInt8] {
        let stimuli = try TouchScriptParser.parse(script).stimuli(panel: board.panelSize, rate: board.reportRate)
        var output = ByteBuffer()
        for timed in stimuli {
            advance(to: timed.time, output: &output)
            apply(timed.stimulus)
        }
        advance(to: end, output: &output)
        return output.bytes
    }
}
