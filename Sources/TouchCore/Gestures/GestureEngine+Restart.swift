/// Starting an engine afresh where it lies. The engine is tens of kilobytes inline, and assigning a
/// newly built one goes through temporaries of that size on the stack (a controller restarting its
/// kiosk set needed 150 KiB of stack for it); emptying it in place needs none.
extension GestureEngine {
    /// The engine as `init(configuration:)` leaves it: no recognizers, only the root region, no
    /// touches, time zero, no stroke or templates, nothing dropped. Storage past each list's count
    /// keeps old values, which nothing reads. A stored property added to the engine is reset here too.
    public mutating func clear(configuration: GestureEngineConfiguration) {
        self.configuration = configuration
        slots.removeAll()
        regions.removeAll()
        appendRootRegion()
        touches.removeAll()
        now = 0
        stroke.clear()
        templates.removeAll()
        resetInStep = 0
        events.removeAll()
        deliveries.removeAll()
        droppedEvents = 0
        droppedDeliveries = 0
        droppedTouches = 0
        lastStepWork = 0
        work = 0
    }

    mutating func appendRootRegion() {
        regions.append(GestureRegion.root(of: configuration))
    }

    /// The engine `kioskSet(panelWidth:panelHeight:selection:)` returns, built in place.
    public mutating func restartAsKioskSet(panelWidth: Float, panelHeight: Float, selection: KioskSelection = .kiosk) {
        clear(configuration: GestureEngineConfiguration(panelWidth: panelWidth, panelHeight: panelHeight))
        addKioskSet(panelWidth: panelWidth, panelHeight: panelHeight, selection: selection)
    }
}
