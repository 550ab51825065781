import Glibc

/// What a path names, from `stat`: for refusing what cannot be a touch source and for saying
/// why a file cannot be read.
public enum FileStatus: Equatable, Sendable {
    case missing, directory, regular, characterDevice, other

    public init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFDIR): self = .directory
        case mode_t(S_IFREG): self = .regular
        case mode_t(S_IFCHR): self = .characterDevice
        default: self = .other
        }
    }

    /// The last modification in µs since the epoch; nil when the path cannot be read.
    public static func modificationTime(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1_000_000 + Int64(info.st_mtim.tv_nsec) / 1_000
    }

    /// The permission bits of the regular file at `path` (not through a link); nil for anything else.
    public static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { return nil }
        return info.st_mode & 0o7777
    }

    /// Whether this process may read the file at `path`.
    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// The names in a directory, without `.` and `..`; empty when it cannot be read.
    public static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The folder part of `path` (`.` for a bare name) and the last component.
    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// The first directory on `PATH` holding an executable `name`.
    public static func executable(named name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0, FileStatus(path: candidate) == .regular { return candidate }
        }
        return nil
    }
}
