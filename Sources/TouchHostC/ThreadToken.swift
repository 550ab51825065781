import Glibc
import Synchronization

/// Which thread owns a context: a number given to each thread the first time it calls in, from a
/// counter that never repeats. A `pthread_t` is no such name: the id of a thread that has ended
/// is given to the next one, which would then pass for the owner.
struct ThreadToken: Equatable {
    let value: UInt64

    private static let counter = Atomic<UInt64>(1)

    /// The token lives in a thread-specific slot's pointer value: no memory to free at thread exit.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: ThreadToken {
        if let stored = pthread_getspecific(key) { return ThreadToken(value: UInt64(UInt(bitPattern: stored))) }
        let next = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(next)))
        return ThreadToken(value: next)
    }
}
