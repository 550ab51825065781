import Glibc

/// The one reader of every input file touchhost takes: touch scripts, `.threc` and evemu
/// recordings, evemu descriptions (`--desc`), $1 logs, template examples and calibration files,
/// for `replay`, `plot`, `emulate --script`, `monitor --calibration` and the C API. Every read is
/// bounded before it is made: a regular file larger than its limit is refused from its size, and
/// anything else (a pipe, `/dev/stdin`, `/dev/zero`) is read up to the limit and refused there,
/// so no file of any size, nor an endless one, can fill the memory or hold the caller forever.
/// The file is opened once (a pipe is read only once), its first bytes enough to tell its format.
public struct InputFile {
    /// The most an input file may hold (docs/reliability.md, "Limits"): what any importer turns
    /// into at most a few times its size in memory.
    public static let maximumBytes = 16 * 1_048_576

    /// What is read first to tell the format by content.
    static let sniffLength = 4_096

    let path: String
    private let descriptor: Int32
    private var bytes: [UInt8] = []
    private var atEnd = false

    init(_ path: String) throws(HostFailure) {
        self.path = path
        // O_NONBLOCK: a FIFO nobody writes to opens at once instead of holding the caller (its
        // first read then says end of file); reads block again as for any file.
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw HostFailure("\(path): \(FileProblem.describe(path))") }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
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
    mutating func text(limit: Int = maximumBytes, what: String) throws(HostFailure) -> String {
        if let size = regularSize, size > limit { throw tooLarge(limit, what: what) }
        if let size = regularSize { bytes.reserveCapacity(size + 1) }
        try fill(to: limit + 1)
        if bytes.count > limit { throw tooLarge(limit, what: what) }
        defer { bytes = [] }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw HostFailure("\(path): not UTF-8 text")
        }
        return text
    }

    /// Hands the file to `body` a block of at most `blockBytes` at a time, at most `limit` bytes
    /// in all, for a reader that keeps what it parsed rather than the text (`.threc`).
    mutating func forEachBlock(
        limit: Int = maximumBytes, what: String, blockBytes: Int = 1 << 20,
        _ body: (ArraySlice<UInt8>) throws(HostFailure) -> Void
    ) throws(HostFailure) {
        if let size = regularSize, size > limit { throw tooLarge(limit, what: what) }
        var total = bytes.count
        if !bytes.isEmpty { try body(bytes[...]) }
        bytes = []
        var block = [UInt8](repeating: 0, count: blockBytes)
        while total <= limit {
            let got = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else {
                let problem = FileProblem.describe(path)
                throw HostFailure("\(path): \(problem == FileProblem.notText ? "cannot be read" : problem)")
            }
            if got == 0 { return }
            total += got
            if total > limit { break }
            try body(block[..<got])
        }
        throw tooLarge(limit, what: what)
    }

    private func tooLarge(_ limit: Int, what: String) -> HostFailure {
        HostFailure("\(path): larger than \(ByteCount.text(limit)), the most \(what) may hold")
    }

    func close() { _ = Glibc.close(descriptor) }

    /// The whole file at `path` as UTF-8 text, at most `limit` bytes: `what` names the kind of
    /// file in the error ("an evemu recording").
    static func wholeText(_ path: String, limit: Int = maximumBytes, what: String) throws(HostFailure) -> String {
        var file = try InputFile(path)
        defer { file.close() }
        return try file.text(limit: limit, what: what)
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
        return try file.text(limit: Limits.bytes, what: "a touch script")
    }

    static func parse(_ text: String, name: String) throws(HostFailure) -> TouchScript {
        do {
            return try TouchScriptParser.parse(text)
        } catch {
            throw HostFailure("\(name): \(error)")
        }
    }
}
