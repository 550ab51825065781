import TouchCore

/// `count` fingers with controller ids gliding on smooth closed paths (Lissajous curves) that
/// repeat every `period` reports: a steady load with every contact moving in every report.
public struct MovingFingers: Sendable {
    public let count: Int
    public let period: Int

    public init(count: Int, period: Int = 256) {
        precondition(count >= 1 && count <= TouchLimits.maxContacts)
        self.count = count
        self.period = period
    }

    public func position(finger: Int, report: Int) -> PanelPoint {
        let phase = 2 * Float.pi * Float(report % period) / Float(period)
        let column = finger % 5
        let row = finger / 5
        // Each finger keeps to its own cell of a 5 x 4 grid, so ids and positions never collide.
        let cell = PanelPoint(x: BenchmarkPanel.size.x / 5, y: BenchmarkPanel.size.y / 4)
        let centre = PanelPoint(x: cell.x * (Float(column) + 0.5), y: cell.y * (Float(row) + 0.5))
        let offset = Float(finger) * 0.7
        return PanelPoint(
            x: centre.x + 0.35 * cell.x * ScalarMath.sin(phase + offset),
            y: centre.y + 0.35 * cell.y * ScalarMath.sin(2 * phase + offset))
    }

    /// The controller's report `index`: sequence and timestamp count up from zero.
    public func report(_ index: Int) -> ContactReport {
        var report = ContactReport(
            sequence: UInt16(truncatingIfNeeded: index),
            timestamp: UInt32(truncatingIfNeeded: Int64(index) * BenchmarkPanel.reportInterval))
        for finger in 0..<count {
            let device = BenchmarkPanel.info.deviceCoordinates(of: position(finger: finger, report: index))
            let state: ContactState = index == 0 ? .down : .move
            report.contacts.append(
                WireContact(id: UInt8(finger), state: state, x: device.x, y: device.y, amplitude: 120))
        }
        return report
    }
}
