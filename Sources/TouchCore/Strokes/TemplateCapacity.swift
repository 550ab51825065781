/// How many template examples each kind of owner holds: the one place template storage is sized.
///
/// An engine keeps what its custom type's `Templates` says: `EngineTemplateLibrary` by default
/// (32 examples inline, 18 KB: the fixed-allocation build's storage), `NoTemplates` for a set that
/// has no template recognizer (`BuiltInRecognizersOnly`, the kiosk set on the controller) or keeps
/// its templates elsewhere. A host recognizer set keeps its library once, behind a reference, so
/// it may hold the 16 gestures x 10 examples of the $1 paper's largest library (about 95 KB).
public typealias TemplateLibrary = TemplateCollection<32>

/// An engine's inline templates with their owners, `TemplateLibrary`'s size.
public typealias EngineTemplateLibrary = InlineTemplates<32>

/// The library of a host recognizer set (`TemplateStore` in TouchHost).
public typealias HostTemplateLibrary = TemplateCollection<160>
