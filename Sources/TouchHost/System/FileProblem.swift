/// Why a file could not be read, in words.
enum FileProblem {
    static func describe(_ path: String) -> String {
        switch FileStatus(path: path) {
        case .missing: return "no such file"
        case .directory: return "is a directory"
        default: return FileStatus.isReadable(path) ? notText : "permission denied"
        }
    }

    static let notText = "not UTF-8 text"
}
