import TouchCore

/// The touches the kernel reported, each where it lives (a protocol B slot, a protocol A tracking
/// id, the single touch of a `BTN_TOUCH` device), turned into full contact frames at each
/// `SYN_REPORT`.
///
/// Controller ids: `ReportedContact.controllerId` is a byte, kernel slots and tracking ids are not
/// (a slot may be any number the device declares, a tracking id up to 65535). So each touch gets a
/// small controller id when it begins, the lowest one not held by a live touch, and gives it back
/// after the report in which it ended. Two live touches never share one, whatever their slots, and
/// an id is never handed out again in the report that freed it. Only 256 touches live at once
/// would run out (the tracker holds 20): a touch beyond that is counted as dropped.
///
/// Every touch the kernel reported becomes exactly one `down` ... `up` in the frames, including a
/// touch that began and ended within one report (its `down` and `up` then come in two frames of
/// the same time). A touch whose place is taken by its successor without a lift (a slot given a new
/// tracking id) ends in a frame of its own before the successor begins, as libevdev reports it.
struct EvemuTouchBook {
    private struct Touch {
        var id: UInt8?
        var position: PanelPoint
        var shape = ContactShape.unknown
        /// Began in the report being assembled.
        var isNew: Bool
    }

    private var live: [Int: Touch] = [:]
    /// Touches that were live before this report and ended in it: lifted, or replaced.
    private var ended: [Touch] = []
    private var replacedAny = false
    /// Touches that began and ended within this report.
    private var brief: [Touch] = []
    private var held = [Bool](repeating: false, count: 256)
    /// Ids of touches forgotten in this report.
    private var forgotten: [UInt8] = []

    var hasLiveTouches: Bool { !live.isEmpty }

    /// A touch begins at `key`; one still live there ends first, replaced (a new tracking id in a
    /// slot without a lift, a press after a release in the same report).
    mutating func begin(_ key: Int, at position: PanelPoint) {
        if live[key] != nil { finish(key, at: nil, replaced: true) }
        live[key] = Touch(id: takeId(), position: position, isNew: true)
    }

    /// The touch at `key` lifts, at `position` or where it was last.
    mutating func end(_ key: Int, at position: PanelPoint? = nil) {
        guard live[key] != nil else { return }
        finish(key, at: position, replaced: false)
    }

    mutating func move(_ key: Int, to position: PanelPoint, shape: ContactShape = .unknown) {
        live[key]?.position = position
        live[key]?.shape = shape
    }

    func isLive(_ key: Int) -> Bool { live[key] != nil }

    /// The touch at `key` is gone without a word of where or how (events the kernel dropped): it is
    /// removed with no `up`; the owner cancels it downstream. Its id is free after this report.
    mutating func forget(_ key: Int) {
        guard let touch = live.removeValue(forKey: key), let id = touch.id else { return }
        forgotten.append(id)
    }

    /// Every live touch begins again in this report (downstream cancelled them all).
    mutating func restartAll() {
        for key in live.keys { live[key]!.isNew = true }
    }

    var liveKeys: [Int] { Array(live.keys) }

    /// The frames of one `SYN_REPORT`: none when no touch was or is live, unless `always`.
    /// Anonymous contacts (protocol A without tracking ids) ride along in every frame.
    mutating func report(
        at time: Microseconds, anonymous: [ReportedContact] = [], always: Bool = false, into frames: inout [ContactFrame]
    ) {
        let keys = live.keys.sorted()
        if replacedAny {
            // Endings first, in a frame that still lists every touch that was already live.
            var closing = ContactFrame(timestamp: time)
            for touch in ended { add(touch, .up, to: &closing) }
            for key in keys where !live[key]!.isNew { add(live[key]!, .move, to: &closing) }
            for contact in anonymous { closing.add(contact) }
            frames.append(closing)
        }
        var main = ContactFrame(timestamp: time)
        if !replacedAny {
            for touch in ended { add(touch, .up, to: &main) }
        }
        for touch in brief { add(touch, .down, to: &main) }
        for key in keys { add(live[key]!, live[key]!.isNew ? .down : .move, to: &main) }
        for contact in anonymous { main.add(contact) }
        if always || !main.contacts.isEmpty || main.droppedContacts > 0 { frames.append(main) }
        if !brief.isEmpty {
            var after = ContactFrame(timestamp: time)
            for touch in brief { add(touch, .up, to: &after) }
            for key in keys { add(live[key]!, .move, to: &after) }
            for contact in anonymous { after.add(contact) }
            frames.append(after)
        }
        // Ids of touches that ended are free again only now, after the frames that ended them.
        for touch in ended + brief {
            if let id = touch.id { held[Int(id)] = false }
        }
        for id in forgotten { held[Int(id)] = false }
        forgotten.removeAll()
        ended.removeAll()
        brief.removeAll()
        replacedAny = false
        for key in keys { live[key]!.isNew = false }
    }

    private mutating func finish(_ key: Int, at position: PanelPoint?, replaced: Bool) {
        guard var touch = live.removeValue(forKey: key) else { return }
        if let position { touch.position = position }
        if touch.isNew {
            brief.append(touch)
        } else {
            ended.append(touch)
            if replaced { replacedAny = true }
        }
    }

    private mutating func takeId() -> UInt8? {
        guard let free = held.firstIndex(of: false) else { return nil }
        held[free] = true
        return UInt8(free)
    }

    private func add(_ touch: Touch, _ state: ContactState, to frame: inout ContactFrame) {
        guard let id = touch.id else {
            frame.droppedContacts += 1
            return
        }
        frame.add(ReportedContact(controllerId: id, state: state, position: touch.position, shape: touch.shape))
    }
}
