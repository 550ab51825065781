import TouchCore

/// The C API's seam to stroke templates (TouchCore's TemplateLibrary). Until that library is in
/// the build, templates are refused with TH_ERR_NOT_SUPPORTED.
enum StrokeTemplates {
    static func add(_ points: [PanelPoint], named name: String, to context: Context) throws(CallError) -> Int {
        throw CallError(.notSupported, "stroke templates are not in this build")
    }
}
