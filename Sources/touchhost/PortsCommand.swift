import ArgumentParser
import TouchHost

struct PortsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ports", abstract: "List serial ports, with USB vendor, product and serial where known.")

    @Flag(name: .long, help: "Print a JSON array instead of a table.")
    var json = false

    func run() {
        let ports = SerialPortInfo.all()
        if json {
            print(ListingJSON.ports(ports))
            return
        }
        guard !ports.isEmpty else {
            print("no serial ports found (pseudo-terminals are not listed; pass their path to monitor)")
            return
        }
        // USB strings come from the device: escaped, like every device-supplied text shown.
        for port in ports {
            var line = port.path.padding(toLength: 16, withPad: " ", startingAt: 0) + "  " + port.transport
            if let vid = port.vendorId, let pid = port.productId { line += "  " + UsbId.text(vid, pid) }
            let names = [port.manufacturer, port.product].compactMap { $0 }.joined(separator: " ")
            if !names.isEmpty { line += "  " + names }
            if let serial = port.serialNumber { line += "  serial " + serial }
            if names.isEmpty, !port.description.isEmpty { line += "  " + port.description }
            print(DisplayText.escaped(line))
        }
    }
}
