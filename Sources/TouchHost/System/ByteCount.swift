/// A size limit in words: the largest binary unit that states it exactly, so a message never
/// rounds 64 KiB down to "0 MiB".
public enum ByteCount {
    public static func text(_ bytes: Int) -> String {
        if bytes >= 1_048_576, bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
        if bytes >= 1_024, bytes % 1_024 == 0 { return "\(bytes / 1_024) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
