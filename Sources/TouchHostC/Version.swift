import Glibc
import TouchHost

@_cdecl("th_version")
public func th_version() -> UnsafePointer<CChar> {
    versionText
}

/// Made once and kept: the header promises a static string.
nonisolated(unsafe) private let versionText: UnsafePointer<CChar> = UnsafePointer(strdup(TouchHostVersion.string)!)
