/// Node reads and writes on a `NodeBuffer`'s bytes (`grid.storage.bytes.span.bytes`) without a
/// bounds check, for the loops that visit every node: checked byte pairs cost four checks a
/// node. Callers keep `index` below the grid's node count, which `CountGrid`'s init keeps within
/// every node buffer.
extension RawSpan {
    @inline(__always)
    func int16(atNode index: Int) -> Int16 {
        unsafeLoadUnaligned(fromUncheckedByteOffset: index &<< 1, as: Int16.self)
    }

    @inline(__always)
    func uint16(atNode index: Int) -> UInt16 {
        unsafeLoadUnaligned(fromUncheckedByteOffset: index &<< 1, as: UInt16.self)
    }
}

extension MutableRawSpan {
    @inline(__always)
    func int16(atNode index: Int) -> Int16 {
        unsafeLoadUnaligned(fromUncheckedByteOffset: index &<< 1, as: Int16.self)
    }

    @inline(__always)
    func uint16(atNode index: Int) -> UInt16 {
        unsafeLoadUnaligned(fromUncheckedByteOffset: index &<< 1, as: UInt16.self)
    }

    @inline(__always)
    mutating func store(_ value: Int16, atNode index: Int) {
        storeBytes(of: value, toUncheckedByteOffset: index &<< 1, as: Int16.self)
    }

    @inline(__always)
    mutating func store(_ value: UInt16, atNode index: Int) {
        storeBytes(of: value, toUncheckedByteOffset: index &<< 1, as: UInt16.self)
    }
}
