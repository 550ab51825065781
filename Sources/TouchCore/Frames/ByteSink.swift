/// Where encoded bytes go: a UART, a pseudo-terminal, a test buffer. One byte at a time keeps it
/// usable from an interrupt-free firmware loop without any buffer the callee must own.
public protocol ByteSink {
    mutating func write(_ byte: UInt8)
}
