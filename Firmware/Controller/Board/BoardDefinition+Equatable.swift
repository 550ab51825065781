extension BoardDefinition: Equatable {
    /// Same name and same numbers. Names are compared byte by byte: StaticString is not Equatable.
    public static func == (a: BoardDefinition, b: BoardDefinition) -> Bool {
        b.name.withUTF8Buffer { a.nameEquals($0) } && a.panelWidth == b.panelWidth && a.panelHeight == b.panelHeight
            && a.columns == b.columns && a.rows == b.rows && a.maxCoordinateX == b.maxCoordinateX
            && a.maxCoordinateY == b.maxCoordinateY && a.maxContacts == b.maxContacts && a.reportRate == b.reportRate
            && a.baud == b.baud && a.noiseCounts == b.noiseCounts && a.fingerAmplitude == b.fingerAmplitude
            && a.fingerDiameter == b.fingerDiameter && a.baselineDriftRate == b.baselineDriftRate
            && a.idPolicy == b.idPolicy && a.idle == b.idle
    }
}
