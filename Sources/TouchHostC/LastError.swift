import Glibc

/// The per-thread message behind `th_get_last_error`: a malloc'd C string per thread, freed when the
/// thread exits or the next failure replaces it.
enum ThreadLastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
    }

    static var current: UnsafePointer<CChar> {
        guard let text = pthread_getspecific(key) else { return staticText("") }
        return UnsafePointer(text.assumingMemoryBound(to: CChar.self))
    }
}

@_cdecl("th_get_last_error")
public func th_get_last_error() -> UnsafePointer<CChar> {
    ThreadLastError.current
}
