import TouchCore

/// The seam between the scan pipeline and the sensor hardware. A board with a real front end
/// implements it with its ADC driver; the emulator and the QEMU board use `SimulatedPanel`.
/// Counts are mutual-capacitance style: a finger lowers the count of the nodes under it.
public protocol AnalogFrontEnd {
    mutating func measure(into counts: inout CountGrid, at time: Microseconds)
}
