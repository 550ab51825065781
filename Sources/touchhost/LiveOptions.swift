import ArgumentParser
import TouchCore
import TouchHost

/// The options every command on a live port shares.
struct LiveOptions: ParsableArguments {
    @Option(help: "Baud rate (default 115200; a pty ignores it).")
    var baud: Int?

    @Option(help: "Stop after S seconds.")
    var duration: Double?

    @Option(name: .customLong("until-idle"), help: "Stop once no touch is down and nothing has happened for S seconds.")
    var untilIdle: Double?

    func validate() throws {
        if let baud, baud <= 0 { throw ValidationError("--baud must be greater than 0") }
        if let duration, !(duration > 0) { throw ValidationError("--duration must be greater than 0") }
        if let untilIdle, !(untilIdle > 0) { throw ValidationError("--until-idle must be greater than 0") }
    }

    /// Counted from now: the run loop starts right after; `--until-idle` counts from the device's answer.
    func limits() -> RunLimits { RunLimits(duration: duration, idle: untilIdle) }

    /// How a live command's source becomes its session (`SourceSpec.openSession`): the host stack
    /// over `recognizers`, palms handled by `palms`, positions on `screen` too.
    func recipe(
        recognizers: RecognizerSelection, screen: ScreenSetting? = nil, palms: PalmPolicy = .suppress,
        sink: @escaping (HostEvent) -> Void
    ) -> SessionRecipe {
        SessionRecipe.hostStack(recognizers: recognizers, screen: screen, palms: palms, baud: baud, sink: sink)
    }
}
