import TouchHost

/// The score a stroke needs to be a template, as `th_context_set_template_min_score` sets it and
/// `touchhost replay --template-min-score` does: the default is `TemplateStore.defaultMinimumScore`,
/// the protocol's leave-one-subject-out choice (docs/strokes.md).
@_cdecl("th_context_get_template_min_score")
public func th_context_get_template_min_score(_ handle: OpaquePointer?, _ score: UnsafeMutablePointer<Double>?) -> Int32 {
    contextCall(handle) { (context) throws(CallError) in
        guard let score else { throw CallError(.invalidArgument, "score is NULL") }
        score.pointee = Double(context.recognizers.templates.library.minimumScore)
    }
}
