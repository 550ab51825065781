import TouchCore

/// What a user names as a live source, parsed once for the CLI and `th_context_open` alike:
/// `PATH?baud=..&protocol=..&mode=..&size=WxH` (or `tcp:HOST:PORT?...`, `emulate:BOARD?...`). The
/// session's own options are taken out here; the rest of the query (line settings: baud, bits,
/// parity, stopbits, flow; an emulator's script and seed) stays on `address` for whoever opens it.
///
/// - `protocol=elo|mtouch|penmount6250|egalax`: a legacy controller (`LegacySession`).
/// - `mode=contacts|both|gestures`: asked of a touchhost controller once it has described itself;
///   `mode=heatmap`: the controller streams raw heatmaps and the host finds the contacts in them
///   (`monitor --contacts-from heatmap`).
/// - `size=WxH`: a legacy panel's size in mm (default 345x194), or the size of a Linux input
///   device that reports no resolution.
/// - `grab=1`: a Linux input device (`/dev/input/...`) is taken for touchhost alone (EVIOCGRAB).
public struct SourceSpec: Equatable, Sendable {
    public var address: String
    public var legacyProtocol: LegacyProtocol?
    public var mode: String?
    public var size: PanelSize?
    public var grab = false

    /// The address names a Linux input device (`EvdevSession`), not a port.
    public var isInputDevice: Bool { EvdevSession.isInputDevice(address) }

    public init(address: String, legacyProtocol: LegacyProtocol? = nil, mode: String? = nil, size: PanelSize? = nil) {
        self.address = address
        self.legacyProtocol = legacyProtocol
        self.mode = mode
        self.size = size
    }

    /// The default legacy panel, when `size` is not given.
    public static let defaultLegacyPanel = PanelSize(width: 345, height: 194)

    public var panel: PanelSize { size ?? Self.defaultLegacyPanel }

    /// The host finds contacts in heatmaps (`mode=heatmap`).
    public var contactsFromHeatmaps: Bool { mode == "heatmap" }

    public static func parse(_ text: String) throws(LinkError) -> SourceSpec {
        guard let mark = text.firstIndex(of: "?") else { return SourceSpec(address: text) }
        var spec = SourceSpec(address: String(text[..<mark]))
        var kept: [Substring] = []
        for option in text[text.index(after: mark)...].split(separator: "&") {
            let pair = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = pair.count == 2 ? String(pair[1]) : ""
            func bad(_ why: String) -> LinkError { LinkError(port: spec.address, cause: .invalid(why)) }
            switch pair[0] {
            case "protocol":
                guard let chosen = LegacyProtocol(name: value) else {
                    throw bad("unknown protocol '\(DisplayText.excerpt(value))' (known: elo, mtouch, penmount6250, egalax)")
                }
                spec.legacyProtocol = chosen
            case "mode":
                guard ReportMode.names.contains(value) else {
                    throw bad("unknown mode '\(DisplayText.excerpt(value))' (known: \(ReportMode.names.joined(separator: ", ")))")
                }
                spec.mode = value
            case "grab":
                guard value == "0" || value == "1" else { throw bad("grab is 0 or 1, not '\(DisplayText.excerpt(value))'") }
                spec.grab = value == "1"
            case "size":
                guard let size = PanelSize(millimetres: value) else {
                    throw bad("size '\(DisplayText.excerpt(value))' is not WxH in mm, e.g. 345x194")
                }
                spec.size = size
            default:
                kept.append(option)
            }
        }
        if spec.legacyProtocol != nil, spec.mode != nil {
            throw LinkError(port: spec.address, cause: .invalid("a legacy controller takes no mode"))
        }
        if spec.size != nil, spec.legacyProtocol == nil, !spec.isInputDevice {
            throw LinkError(port: spec.address, cause: .invalid("size is for a legacy controller (with protocol) or a Linux input device"))
        }
        if !kept.isEmpty { spec.address += "?" + kept.joined(separator: "&") }
        return spec
    }
}

extension PanelSize {
    /// `WxH` in millimetres, each side a positive, finite, plausible length: the one parser for a
    /// panel's size (`--size`, a source's `size=`, a replay's `size=`).
    public init?(millimetres text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Float(parts[0]), let height = Float(parts[1]) else { return nil }
        func plausible(_ value: Float) -> Bool { value > 0 && PlausibleValues.isPosition(value) }
        guard plausible(width), plausible(height) else { return nil }
        self.init(width: width, height: height)
    }
}
