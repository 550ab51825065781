import Glibc

/// The per-thread message behind `th_get_last_error`: a malloc'd C string per thread, freed when the
/// thread exits or the next failure replaces it.
enum ThreadLastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// The thread's last `errno` behind a failure, kept in the key's pointer value.
    private static let systemKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static func set(_ message: String, systemError: Int32 = 0) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
        pthread_setspecific(systemKey, UnsafeMutableRawPointer(bitPattern: Int(systemError)))
    }

    static var systemError: Int32 { Int32(truncatingIfNeeded: Int(bitPattern: pthread_getspecific(systemKey))) }

    static var current: UnsafePointer<CChar> {
        guard let text = pthread_getspecific(key) else { return staticText("") }
        return UnsafePointer(text.assumingMemoryBound(to: CChar.self))
    }
}

@_cdecl("th_get_last_error")
public func th_get_last_error() -> UnsafePointer<CChar> {
    ThreadLastError.current
}

@_cdecl("th_get_last_os_error")
public func th_get_last_os_error() -> Int32 {
    ThreadLastError.systemError
}
