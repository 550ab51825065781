import TouchCore

/// What a caller gives a source to become a session: where the events go and how the pipeline is
/// built once the source knows its tracker settings and panel. Every CLI command on a live source
/// and `th_context_open` fill one of these and call `SourceSpec.openSession`.
public struct SessionRecipe {
    public var sink: (HostEvent) -> Void
    /// Builds the pipeline for the tracker settings and panel the source found (palms, screen and
    /// recognizers are the caller's to add).
    public var makePipeline: ReplayDriver.MakePipeline
    /// The line rate; nil: the address's `?baud=`, else a legacy protocol's own, else 115200.
    public var baud: Int?
    /// The tracker's report rate when the caller chose one; nil: the controller's own (or its
    /// heatmaps' slower one with `mode=heatmap`).
    public var reportRateHz: Int?
    /// A lost port is opened again with backoff; false where the port dies with its owner (an
    /// in-process emulator's pseudo-terminal).
    public var reopens = true
    /// Wraps a controller's link before the session reads it (`record`: a `RecordingLink`).
    public var wrapLink: ((any ByteLink) throws -> any ByteLink)?
    /// The host's recognizer names, by which a controller's own gestures are numbered (`mode=gestures`).
    public var recognizerNames: [String]

    public init(
        recognizerNames: [String], baud: Int? = nil, sink: @escaping (HostEvent) -> Void,
        makePipeline: @escaping ReplayDriver.MakePipeline
    ) {
        self.recognizerNames = recognizerNames
        self.baud = baud
        self.sink = sink
        self.makePipeline = makePipeline
    }

    /// The host stack over `recognizers`, palms handled by `palms`, positions on `screen` too:
    /// what every CLI command on a live source runs.
    public static func hostStack(
        recognizers: RecognizerSelection, screen: ScreenSetting? = nil, palms: PalmPolicy = .suppress, baud: Int? = nil,
        sink: @escaping (HostEvent) -> Void
    ) -> SessionRecipe {
        SessionRecipe(recognizerNames: recognizers.engineNames, baud: baud, sink: sink) { tracker, panel, sink in
            HostStack.pipeline(recognizers: recognizers, tracker: tracker.with(palms: palms), panel: panel, screen: screen, sink: sink)
        }
    }

    /// The longest a reopened TCP connect may hold the loop up (a name lookup is not bounded).
    public static let reopenTimeoutMilliseconds: Int32 = 250
}

/// The session a source became, by kind, for callers that hook into one kind's news.
public enum OpenedSession {
    /// A touchhost controller on a link: it describes itself, then streams.
    case controller(DeviceSession)
    /// A legacy controller (`?protocol=`) on a link, on the panel given.
    case legacy(LegacySession, LegacyProtocol, PanelSize)
    /// A Linux input device.
    case inputDevice(EvdevSession)

    public var session: any Session {
        switch self {
        case .controller(let session): session
        case .legacy(let session, _, _): session
        case .inputDevice(let session): session
        }
    }

    /// Says what the source is as soon as it is known without a handshake (legacy, input device);
    /// nil for a controller, which says it when it describes itself.
    public func summary(name: String) -> String? {
        switch self {
        case .controller: nil
        case .legacy(_, let packetProtocol, let panel): "\(name): \(packetProtocol.displayName) controller, \(panel.width) x \(panel.height) mm"
        case .inputDevice(let device): device.summary
        }
    }

    /// The panel, once known (a controller's after it described itself).
    public var panel: PanelSize? {
        switch self {
        case .controller(let session):
            session.info.map { PanelSize(width: $0.panelSize.x, height: $0.panelSize.y) }
        case .legacy(_, _, let panel): panel
        case .inputDevice(let device):
            PanelSize(width: device.pipeline.recognizers.panelWidth, height: device.pipeline.recognizers.panelHeight)
        }
    }

    /// The device information a downstream host is given (`bridge`): a controller's own; for a
    /// source that has none, one that says its panel, so positions mean the same downstream.
    public var info: DeviceInfo? {
        switch self {
        case .controller(let session): return session.info
        case .legacy(_, _, let panel): return Self.info(board: BoardName("legacy"), panel: panel, contacts: 2)
        case .inputDevice(let device):
            guard let panel else { return nil }
            return Self.info(board: BoardName("evdev"), panel: panel, contacts: UInt8(clamping: device.pipeline.tracker.capacity))
        }
    }

    private static func info(board: BoardName, panel: PanelSize, contacts: UInt8) -> DeviceInfo {
        DeviceInfo(
            firmwareVersion: FirmwareVersion(major: 0, minor: 0, patch: 0), boardName: board,
            panelWidth: UInt16(clamping: Int((panel.width * 10).rounded())), panelHeight: UInt16(clamping: Int((panel.height * 10).rounded())),
            maxX: 4095, maxY: 4095, columns: 0, rows: 0, maxContacts: max(contacts, 1), reportRate: 0, supportedModes: .contacts)
    }
}

extension SourceSpec {
    /// The one place a source becomes a session: a Linux input device (`EvdevSession`), a legacy
    /// controller (`LegacySession`, `?protocol=`), or a touchhost controller (`DeviceSession`)
    /// asked for `mode` once it has described itself, with contacts found in its heatmaps for
    /// `mode=heatmap`. Throws a `LinkError` for a port that cannot be opened, a `HostFailure` for
    /// an input device that cannot.
    public func openSession(_ recipe: SessionRecipe) throws -> OpenedSession {
        if isInputDevice {
            guard legacyProtocol == nil, mode == nil else {
                throw LinkError(port: address, cause: .invalid("a Linux input device takes no protocol and no mode"))
            }
            return .inputDevice(
                try EvdevSession(
                    path: address, grab: grab, size: size, sink: recipe.sink, makePipeline: recipe.makePipeline))
        }
        if size != nil, legacyProtocol == nil {
            throw LinkError(port: address, cause: .invalid("size is for a legacy controller (with protocol) or a Linux input device"))
        }
        if grab { throw LinkError(port: address, cause: .invalid("grab is for a Linux input device (/dev/input/...)")) }
        if let legacyProtocol {
            let link = try LinkOpener.open(address, baud: legacyBaud(recipe.baud))
            let session = LegacySession(
                link: link, protocol: legacyProtocol, panel: panel, sink: recipe.sink, makePipeline: recipe.makePipeline)
            return .legacy(session, legacyProtocol, panel)
        }
        return .controller(try controllerSession(recipe))
    }

    /// A legacy controller's own rate, unless the caller or the address chose one.
    func legacyBaud(_ chosen: Int?) -> Int? {
        guard let legacyProtocol, chosen == nil, !address.contains("baud=") else { return chosen }
        return legacyProtocol.defaultBaud
    }

    private func controllerSession(_ recipe: SessionRecipe) throws -> DeviceSession {
        let fromHeatmaps = contactsFromHeatmaps
        let chosenRate = recipe.reportRateHz
        let makePipeline = recipe.makePipeline
        var link = try LinkOpener.open(address, baud: recipe.baud)
        if let wrapLink = recipe.wrapLink {
            do { link = try wrapLink(link) } catch {
                link.close()
                throw error
            }
        }
        let session = DeviceSession(link: link, sink: recipe.sink) { info, sink in
            var rate = chosenRate ?? max(Int(info.reportRate), 1)
            // Contacts found in heatmaps come at the heatmaps' slower rate: the tracker's timeout follows it.
            if fromHeatmaps, chosenRate == nil, let finder = HeatmapContactFinder(for: info) {
                rate = finder.heatmapRate(reportRate: Int(info.reportRate))
            }
            let size = info.panelSize
            return makePipeline(info.trackerConfiguration(reportRateHz: rate), PanelSize(width: size.x, height: size.y), sink)
        }
        // Only a controller asked to recognize numbers its gestures as the host's; a bridge's pass as they are.
        if mode == "gestures" { session.controllerEvents = ControllerGestureSource(hostNames: recipe.recognizerNames) }
        // A USB adapter pulled and put back, an emulator restarted: the port is opened again with backoff.
        if recipe.reopens {
            let port = address, baud = recipe.baud
            session.reopen = { () throws(LinkError) in
                try LinkOpener.open(port, baud: baud, connectTimeoutMilliseconds: SessionRecipe.reopenTimeoutMilliseconds)
            }
        }
        // What the address asked to be streamed, on every link the controller describes itself on.
        if let mode {
            session.onDescribed = { session in
                guard mode != "heatmap" else { return session.streamHeatmaps() }
                do throws(LinkError) { try session.selectMode(named: mode) } catch { session.fail(error) }
            }
        }
        return session
    }
}
