import Foundation
import TouchCore

/// Recordings other programs made, through the importers in `Importers/`.
enum ImportedSource {
    static func load(path: String, text: String, format: ReplayFormat, options: ImportOptions) throws(HostFailure) -> ReplaySource {
        do {
            switch format {
            case .evemu:
                let importer = EvemuImporter(size: options.size.map { (width: $0.width, height: $0.height) })
                let recording = try importer.load(
                    events: URL(fileURLWithPath: path), description: options.description.map { URL(fileURLWithPath: $0) })
                let frames = recording.frames
                // evdev is event-driven: nothing is sent while nothing changes.
                return ReplaySource(
                    name: path, items: frames.map { .frame($0) },
                    tracker: .eventDriven(reportRateHz: estimatedRate(frames)),
                    panel: options.size ?? panelSize(of: recording.device) ?? .scriptDefault)
            case .unistroke:
                let log = try UnistrokeLogImporter.parse(
                    text, file: path,
                    millimetresPerPixel: options.millimetresPerPixel ?? UnistrokeLogImporter.defaultMillimetresPerPixel)
                let frames = log.contactFrames()
                // A stroke log has samples only while the pen moves: a pause is not a lift.
                return ReplaySource(
                    name: path, items: frames.map { .frame($0) },
                    tracker: .eventDriven(reportRateHz: estimatedRate(frames)), panel: .scriptDefault)
            case .auto, .script, .threc:
                throw HostFailure("\(path): not an imported format")
            }
        } catch let failure as HostFailure {
            throw failure
        } catch let error as ImportError {
            throw HostFailure(error.description)
        } catch {
            throw HostFailure("\(path): \(error)")
        }
    }

    /// The rate the recording's frames came at (the median interval), for the tracker's gates.
    static func estimatedRate(_ frames: [ContactFrame]) -> Int {
        var intervals: [Microseconds] = []
        for index in frames.indices.dropFirst() {
            let interval = frames[index].timestamp - frames[index - 1].timestamp
            if interval > 0 { intervals.append(interval) }
        }
        guard !intervals.isEmpty else { return TouchScript.defaultReportRate }
        let median = intervals.sorted()[intervals.count / 2]
        return min(max(Int(1_000_000 / median), 10), 250)
    }

    /// The panel's size where the device gives its axes a resolution.
    static func panelSize(of device: EvemuDevice) -> PanelSize? {
        func extent(_ codes: [Int]) -> Float? {
            for code in codes {
                if let axis = device.axes[code], axis.resolution > 0 {
                    return Float(axis.maximum - axis.minimum) / Float(axis.resolution)
                }
            }
            return nil
        }
        guard let width = extent([EvemuEvent.absMTPositionX, EvemuEvent.absX]),
            let height = extent([EvemuEvent.absMTPositionY, EvemuEvent.absY])
        else { return nil }
        return PanelSize(width: width, height: height)
    }
}
