/// Recordings other programs made, through the importers in `Importers/`.
enum ImportedSource {
    static func load(path: String, text: String, format: ReplayFormat, options: ImportOptions) throws(HostFailure) -> ReplaySource {
        throw HostFailure("\(path): \(format.rawValue) import is not available in this build")
    }
}
