import TouchCore

/// Everything the firmware and its simulated panel need to know about one board: the panel, the
/// sensor behind it, the controller's limits and the link. Plain data, so the catalog is a set of
/// static constants and the Cortex-M4 build carries no table it must build at run time.
public struct BoardDefinition: Sendable {
    public var name: StaticString
    /// Visible panel size, mm.
    public var panelWidth: Float
    public var panelHeight: Float
    /// Sensor nodes (row-electrode x column-electrode crossings) across and down the panel.
    public var columns: Int
    public var rows: Int
    /// The largest coordinate the controller reports on each axis; the wire protocol packs 12 bits.
    public var maxCoordinateX: UInt16
    public var maxCoordinateY: UInt16
    public var maxContacts: Int
    public var reportRate: Int
    public var baud: Int
    /// Front-end noise on every node, counts RMS.
    public var noiseCounts: Float
    /// How far a finger centred on a node pulls that node's count down, counts.
    public var fingerAmplitude: Float
    /// Diameter of a typical fingertip contact, mm; it sets how wide the touch profile spreads.
    public var fingerDiameter: Float
    /// How fast the untouched counts wander with temperature and humidity, counts per second.
    public var baselineDriftRate: Float
    public var idPolicy: ContactIdPolicy
    /// Idle acquisition, for a host that asks for it (`setIdleAcquisition`): what the controller
    /// announces and how it scans while nothing touches the panel (`IdleSchedule`).
    public var idle: IdleAcquisition

    /// Idle scans 40 ms apart see any touch of 60 ms (the shortest scripted tap) on two scans, so it
    /// is never lost; an empty report every 240 ms (about four a second) keeps the host's wake-ups
    /// low and tells it the controller still runs. Idling starts after 2 s without a touch, longer
    /// than any gesture's timer (a double tap's window, a long press), which idle scans would delay.
    public static let defaultIdle = IdleAcquisition(scanInterval: 40, reportInterval: 240, activeTimeout: 2_000)

    public init(
        name: StaticString, panelWidth: Float, panelHeight: Float, columns: Int, rows: Int,
        maxCoordinateX: UInt16 = 4095, maxCoordinateY: UInt16 = 4095, maxContacts: Int, reportRate: Int,
        baud: Int, noiseCounts: Float, fingerAmplitude: Float, fingerDiameter: Float,
        baselineDriftRate: Float, idPolicy: ContactIdPolicy = .lowestFree, idle: IdleAcquisition = defaultIdle
    ) {
        self.name = name
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.columns = columns
        self.rows = rows
        self.maxCoordinateX = maxCoordinateX
        self.maxCoordinateY = maxCoordinateY
        self.maxContacts = maxContacts
        self.reportRate = reportRate
        self.baud = baud
        self.noiseCounts = noiseCounts
        self.fingerAmplitude = fingerAmplitude
        self.fingerDiameter = fingerDiameter
        self.baselineDriftRate = baselineDriftRate
        self.idPolicy = idPolicy
        self.idle = idle
    }

    public var nodePitchX: Float { panelWidth / Float(columns) }
    public var nodePitchY: Float { panelHeight / Float(rows) }

    /// Standard deviation of the touch profile a finger leaves on the node grid, mm. The field
    /// spreads through the cover glass, so the profile is wider than the contact patch itself.
    public var touchProfileSigma: Float { fingerDiameter * 0.4 }

    /// The board fits the firmware's fixed buffers and the wire format.
    public var isSupported: Bool {
        columns >= 3 && rows >= 3 && columns <= SensorGridLimits.maxColumns && rows <= SensorGridLimits.maxRows
            && columns * rows <= SensorGridLimits.maxNodes && maxContacts >= 1
            && maxContacts <= TouchLimits.maxContacts && reportRate >= 1
            && maxCoordinateX <= 4095 && maxCoordinateY <= 4095 && maxCoordinateX > 0 && maxCoordinateY > 0
            && idle.isValid
    }

    public func deviceX(millimetres x: Float) -> UInt16 {
        deviceUnits(x / panelWidth, max: maxCoordinateX)
    }

    public func deviceY(millimetres y: Float) -> UInt16 {
        deviceUnits(y / panelHeight, max: maxCoordinateY)
    }

    public func millimetresX(device x: UInt16) -> Float { Float(Int(x)) * panelWidth / Float(Int(maxCoordinateX)) }
    public func millimetresY(device y: UInt16) -> Float { Float(Int(y)) * panelHeight / Float(Int(maxCoordinateY)) }

    private func deviceUnits(_ fraction: Float, max: UInt16) -> UInt16 {
        if !(fraction > 0) { return 0 }
        if fraction >= 1 { return max }
        return UInt16(fraction * Float(Int(max)) + 0.5)
    }

    /// Compares the name with UTF-8 bytes, so lookups need no String on the device. Concrete on
    /// purpose: iterating a generic Sequence of bytes allocates in Embedded Swift.
    public func nameEquals(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let own = name.utf8Start
        for i in 0..<bytes.count where own[i] != bytes[i] { return false }
        return true
    }
}
