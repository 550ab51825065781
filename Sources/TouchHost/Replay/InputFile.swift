import Glibc

/// An input file read by `replay`, `plot`, `emulate --script` and the C API: opened once (a pipe
/// or `/dev/stdin` is read only once), its first bytes enough to tell its format, and a touch
/// script refused past `TouchScript.Limits.bytes` before more than that is read, so no file of
/// any size, nor an endless one (`/dev/zero`), can fill the memory.
struct InputFile {
    /// What is read first to tell the format by content.
    static let sniffLength = 4_096

    let path: String
    private let descriptor: Int32
    private var bytes: [UInt8] = []
    private var atEnd = false

    init(_ path: String) throws(HostFailure) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HostFailure("\(path): \(FileProblem.describe(path))") }
    }

    /// The size of a regular file, nil for a pipe or a device.
    private var regularSize: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & mode_t(S_IFMT)) == mode_t(S_IFREG) else { return nil }
        return Int(info.st_size)
    }

    /// Reads until `count` bytes are held or the file ends.
    private mutating func fill(to count: Int) throws(HostFailure) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !atEnd, bytes.count < count {
            let wanted = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw HostFailure("\(path): \(FileProblem.describe(path))") }
            if got == 0 { atEnd = true } else { bytes += chunk[..<got] }
        }
    }

    /// The first bytes, as text for telling the format (a character cut at the end is replaced).
    mutating func head() throws(HostFailure) -> String {
        try fill(to: Self.sniffLength)
        return String(decoding: bytes.prefix(Self.sniffLength), as: UTF8.self)
    }

    /// The whole file as UTF-8 text, refused when it holds more than `limit` bytes.
    mutating func text(limit: Int? = nil, what: String = "file") throws(HostFailure) -> String {
        if let limit {
            if let size = regularSize, size > limit { throw tooLarge(limit, what: what) }
            try fill(to: limit + 1)
            if bytes.count > limit { throw tooLarge(limit, what: what) }
        } else {
            if let size = regularSize { bytes.reserveCapacity(size + 1) }
            try fill(to: .max)
        }
        defer { bytes = [] }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw HostFailure("\(path): not UTF-8 text")
        }
        return text
    }

    private func tooLarge(_ limit: Int, what: String) -> HostFailure {
        HostFailure("\(path): larger than \(limit / 1_048_576) MiB, the most a \(what) may hold")
    }

    func close() { _ = Glibc.close(descriptor) }

    /// The whole file at `path` as UTF-8 text: an imported recording, whose importer holds it all anyway.
    static func wholeText(_ path: String) throws(HostFailure) -> String {
        var file = try InputFile(path)
        defer { file.close() }
        return try file.text()
    }
}

extension TouchScript {
    /// A touch script file, read as `replay` reads one: at most `Limits.bytes`, UTF-8. Errors
    /// name the file (and the line, for the script's own).
    public static func load(path: String) throws(HostFailure) -> TouchScript {
        try parse(try text(path: path), name: path)
    }

    /// A touch script file's text, refused past `Limits.bytes` before more is read.
    public static func text(path: String) throws(HostFailure) -> String {
        var file = try InputFile(path)
        defer { file.close() }
        return try file.text(limit: Limits.bytes, what: "touch script")
    }

    static func parse(_ text: String, name: String) throws(HostFailure) -> TouchScript {
        do {
            return try TouchScriptParser.parse(text)
        } catch {
            throw HostFailure("\(name): \(error)")
        }
    }
}
