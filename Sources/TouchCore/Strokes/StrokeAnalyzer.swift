/// Something that decides, from the samples of one finished stroke, whether it was a particular
/// shape and what that shape measured. Analyzers are plain settings plus a pure function, so
/// several of them can read one shared buffer.
public protocol StrokeAnalyzer {
    associatedtype Result
    func analyze(_ stroke: @_addressable StrokeBuffer) -> Result?
}
