/// The host library's version, as reported by `touchhost --version` and `th_version()`.
public enum TouchHostVersion {
    public static let string = "0.3.0"
}
