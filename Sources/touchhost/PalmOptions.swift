import ArgumentParser
import TouchCore
import TouchHost

/// `--palms suppress|report` (contracts.md section 7), shared by every command that reads contacts
/// a source may judge palms: monitor, replay and demo.
struct PalmOptions: ParsableArguments {
    @Option(help: "suppress (default: palms are no touches, a palm status says where) or report (palms are touches with \"palm\": true).")
    var palms: String = "suppress"

    func validate() throws {
        if PalmPolicy(name: palms) == nil {
            throw ValidationError("--palms is \(PalmPolicy.names.joined(separator: " or ")), not '\(palms)'")
        }
    }

    var policy: PalmPolicy { PalmPolicy(name: palms) ?? .suppress }
}
