import CSerialPort

/// A serial port the system knows, as `touchhost ports` shows it.
public struct SerialPortInfo: Equatable, Sendable {
    public var path: String
    public var description: String
    public var transport: String
    public var vendorId: Int?
    public var productId: Int?
    public var manufacturer: String?
    public var product: String?
    public var serialNumber: String?

    /// Every port libserialport finds (sp_list_ports), with the USB details it knows
    /// (sp_get_port_usb_vid_pid, sp_get_port_usb_manufacturer/product/serial).
    public static func all() -> [SerialPortInfo] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        guard sp_list_ports(&list) == SP_OK, let list else { return [] }
        defer { sp_free_port_list(list) }
        var ports: [SerialPortInfo] = []
        var index = 0
        while let port = list[index] {
            index += 1
            func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
                guard let pointer else { return nil }
                let value = String(cString: pointer)
                return value.isEmpty ? nil : value
            }
            var info = SerialPortInfo(
                path: text(sp_get_port_name(port)) ?? "?", description: text(sp_get_port_description(port)) ?? "",
                transport: "native")
            let transport = sp_get_port_transport(port)
            if transport == SP_TRANSPORT_USB {
                info.transport = "usb"
                var vid: Int32 = 0
                var pid: Int32 = 0
                if sp_get_port_usb_vid_pid(port, &vid, &pid) == SP_OK {
                    info.vendorId = Int(vid)
                    info.productId = Int(pid)
                }
                info.manufacturer = text(sp_get_port_usb_manufacturer(port))
                info.product = text(sp_get_port_usb_product(port))
                info.serialNumber = text(sp_get_port_usb_serial(port))
            } else if transport == SP_TRANSPORT_BLUETOOTH {
                info.transport = "bluetooth"
            }
            ports.append(info)
        }
        return ports.sorted { $0.path < $1.path }
    }
}
