/// How many template examples each kind of owner holds: the one place template storage is sized.
///
/// An engine's library is inline in the engine, the fixed-allocation build's storage (the
/// controller's Embedded build and every `GestureEngine`): 32 examples, 18 KB. A host recognizer
/// set keeps its library once, behind a reference, so it may hold the 16 gestures x 10 examples of
/// the $1 paper's largest library (about 95 KB).
public typealias TemplateLibrary = TemplateCollection<32>

/// The library of a host recognizer set (`TemplateStore` in TouchHost).
public typealias HostTemplateLibrary = TemplateCollection<160>
