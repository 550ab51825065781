/// JSON for the `ports` and `boards` listings: one array, keys in a fixed order.
public enum ListingJSON {
    public static func ports(_ ports: [SerialPortInfo]) -> String {
        let objects = ports.map { port in
            var fields = JSONFields()
            fields.string("path", port.path)
            fields.string("description", port.description)
            fields.string("transport", port.transport)
            if let vid = port.vendorId, let pid = port.productId {
                fields.string("vid", UsbId.hex(vid))
                fields.string("pid", UsbId.hex(pid))
            }
            if let value = port.manufacturer { fields.string("manufacturer", value) }
            if let value = port.product { fields.string("product", value) }
            if let value = port.serialNumber { fields.string("serial", value) }
            return fields.text
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    /// An object from already formatted values: strings are quoted, numbers given as text.
    public static func object(_ pairs: [(String, JSONValue)]) -> String {
        var fields = JSONFields()
        for (key, value) in pairs {
            switch value {
            case .string(let text): fields.string(key, text)
            case .number(let text): fields.raw(key, text)
            }
        }
        return fields.text
    }
}

public enum JSONValue: Sendable {
    case string(String)
    case number(String)
}

/// USB ids as people write them: `0403:6001`.
public enum UsbId {
    public static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    public static func text(_ vid: Int, _ pid: Int) -> String { hex(vid) + ":" + hex(pid) }
}
