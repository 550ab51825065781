/// What a silence of the source means for the touches that are down (contracts.md section 6).
public enum SilenceRule: UInt8, Sendable {
    /// An event-driven source (evdev) sends nothing while nothing changes: a resting finger is
    /// still down, however long the silence. No report timeout.
    case holdsTouches
    /// A streaming controller reports at its rate while touched; silence past the report timeout
    /// means it stalled, so nobody knows what the fingers did: their touches are cancelled.
    case cancelsTouches
    /// A legacy protocol that routinely loses lifts: silence past the report timeout is a lift.
    case endsTouches
}

/// The knobs of `SlotTracker`, fixed when the tracker is made. Every default is explained in
/// docs/tracking.md; the short version sits next to each field.
public struct TrackerConfiguration: Sendable {
    /// How many touches may be live at once (slots). Clamped to 1...`TouchLimits.maxContacts`.
    public var capacity: Int
    /// The controller's report rate. It sets the report timeout and the scale of the gates.
    public var reportRateHz: Int
    /// Furthest (mm) a contact with the same controller id may move in one gate interval and still be
    /// the same finger. Further means its lift was lost: libinput treats about 20 mm per 12 ms as a jump.
    public var lostLiftDistance: Float
    /// A contact id unseen for longer than this that comes back without a lift is a new touch.
    public var staleGap: Microseconds
    /// Furthest (mm) an anonymous contact may be from a touch's predicted position, per gate interval,
    /// and still continue that touch.
    public var anonymousGate: Float
    /// The report timeout is `max(minimumReportTimeout, reportTimeoutIntervals` report intervals`)`.
    public var reportTimeoutIntervals: Int
    public var minimumReportTimeout: Microseconds
    /// How many bits the controller's sequence number has before it wraps (the wire protocol's: 16).
    public var sequenceBits: Int
    /// What the report timeout does to live touches, if anything.
    public var silence: SilenceRule
    /// What becomes of contacts the source flags as palms (`PalmGate`): suppressed by default.
    public var palms: PalmPolicy = .suppress

    /// - Parameters:
    ///   - capacity: default `TouchLimits.maxContacts` (20).
    ///   - reportRateHz: default 120.
    ///   - lostLiftDistance: default 20 mm per gate interval.
    ///   - staleGap: default (nil) `max(50 ms, 4 report intervals)`.
    ///   - anonymousGate: default 15 mm per gate interval.
    ///   - reportTimeoutIntervals: default 8; `minimumReportTimeout`: default 100 ms.
    ///   - sequenceBits: default 16.
    ///   - silence: default `.cancelsTouches`, a streaming controller's rule.
    public init(
        capacity: Int = TouchLimits.maxContacts,
        reportRateHz: Int = 120,
        lostLiftDistance: Float = 20,
        staleGap: Microseconds? = nil,
        anonymousGate: Float = 15,
        reportTimeoutIntervals: Int = 8,
        minimumReportTimeout: Microseconds = 100_000,
        sequenceBits: Int = 16,
        silence: SilenceRule = .cancelsTouches
    ) {
        self.capacity = min(max(capacity, 1), TouchLimits.maxContacts)
        self.reportRateHz = max(reportRateHz, 1)
        self.lostLiftDistance = lostLiftDistance
        self.anonymousGate = anonymousGate
        self.reportTimeoutIntervals = max(reportTimeoutIntervals, 1)
        self.minimumReportTimeout = minimumReportTimeout
        self.sequenceBits = min(max(sequenceBits, 2), 32)
        self.silence = silence
        let interval = 1_000_000 / wide(self.reportRateHz)
        self.staleGap = staleGap ?? max(50_000, 4 * interval)
    }

    /// The same settings with every field back in range, for fields changed after init.
    var sanitized: TrackerConfiguration {
        TrackerConfiguration(
            capacity: capacity, reportRateHz: reportRateHz, lostLiftDistance: lostLiftDistance,
            staleGap: staleGap, anonymousGate: anonymousGate, reportTimeoutIntervals: reportTimeoutIntervals,
            minimumReportTimeout: minimumReportTimeout, sequenceBits: sequenceBits, silence: silence)
            .with(palms: palms)
    }

    /// The same settings with palms handled by `policy`.
    public func with(palms policy: PalmPolicy) -> TrackerConfiguration {
        var copy = self
        copy.palms = policy
        return copy
    }

    /// An event-driven source's settings: silence holds touches, and ids are the source's own
    /// tracking ids (evdev slots), trusted however far or late a contact comes back.
    public static func eventDriven(reportRateHz: Int = 120) -> TrackerConfiguration {
        TrackerConfiguration(
            reportRateHz: reportRateHz, lostLiftDistance: .greatestFiniteMagnitude, staleGap: .max,
            silence: .holdsTouches)
    }

    /// One report period at `reportRateHz`.
    public var reportInterval: Microseconds { 1_000_000 / wide(reportRateHz) }

    /// How long a touch stays live without being reported before it ends.
    public var reportTimeout: Microseconds {
        max(minimumReportTimeout, wide(reportTimeoutIntervals) * reportInterval)
    }

    /// The time over which the distance gates apply; longer silences widen them in proportion, since
    /// a finger keeps moving while reports are missing. Never under 12 ms, libinput's reference.
    public var gateInterval: Microseconds { max(reportInterval, 12_000) }

    /// `distance` scaled to a silence of `elapsed`: the gate grows once more than one gate interval passed.
    /// (The tracker works `gateInterval` out once and calls this with it.) Compared as integers
    /// first, so the usual case, reports on time, costs no division.
    @inline(__always)
    static func gate(_ distance: Float, after elapsed: Microseconds, interval: Microseconds) -> Float {
        guard elapsed > interval else { return distance }
        return distance * (Float(elapsed) / Float(interval))
    }
}

/// Int to Microseconds through Float: the integer widening initialisers pull generic code that
/// allocates into the Embedded build for a 32-bit target. Exact for the small counts used here.
@inline(__always)
private func wide(_ value: Int) -> Microseconds {
    Microseconds(Float(value))
}
