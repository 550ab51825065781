/// Lines to QEMU's semihosting console (its stdout), for self-test results: the UART stays free
/// for the wire protocol. Builds each line in a fixed buffer; no allocation, no `print`.
public struct SemihostConsole {
    private var buffer = InlineArray<120, UInt8>(repeating: 0)
    private var count = 0

    public init() {}

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for byte in bytes { appendByte(byte) }
        }
    }

    public mutating func append(_ value: Int64) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var n = 0
        repeat {
            digits[n] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            n += 1
        } while magnitude != 0
        while n > 0 {
            n -= 1
            appendByte(digits[n])
        }
    }

    public mutating func append(_ value: Int) {
        append(Int64(_truncatingBits: UInt(bitPattern: value)) - (value < 0 ? 0x1_0000_0000 : 0))
    }

    /// Fixed point with two decimals: enough for millimetres and percentages.
    public mutating func append(_ value: Float) {
        // Rounds half away from zero by hand: `rounded()` would call roundf, and there is no libm.
        let hundredths = Int64(value * 100 + (value < 0 ? -0.5 : 0.5))
        if hundredths < 0 { appendByte(UInt8(ascii: "-")) }
        let magnitude = Int64(bitPattern: hundredths.magnitude)
        append(magnitude / 100)
        appendByte(UInt8(ascii: "."))
        let fraction = magnitude % 100
        if fraction < 10 { appendByte(UInt8(ascii: "0")) }
        append(fraction)
    }

    public mutating func line(_ text: StaticString) {
        append(text)
        flush()
    }

    public mutating func flush() {
        appendByte(UInt8(ascii: "\n"))
        buffer[min(count, buffer.count - 1)] = 0
        buffer.span.withUnsafeBufferPointer { bytes in
            boardSemihostWrite0(bytes.baseAddress!)
        }
        count = 0
    }

    private mutating func appendByte(_ byte: UInt8) {
        // Keeps one place for the terminating zero.
        if count < buffer.count - 1 {
            buffer[count] = byte
            count += 1
        }
    }
}

/// Ends QEMU (semihosting) with `status`: 0 pass, 1 fail.
public func exitQEMU(_ status: UInt32) -> Never {
    boardSemihostExit(status)
    while true {}
}
