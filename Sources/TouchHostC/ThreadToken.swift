import Glibc
import Synchronization

/// Which thread owns a context: a number given to each thread the first time it calls in, from a
/// counter that never repeats. A `pthread_t` is no such name: the id of a thread that has ended
/// is given to the next one, which would then pass for the owner. A thread that ends is noted
/// (`hasEnded`), so its contexts can be adopted by another thread and destroyed.
struct ThreadToken: Equatable {
    let value: UInt64

    private static let counter = Atomic<UInt64>(1)

    /// The token lives in a thread-specific slot's pointer value: no memory to free at thread
    /// exit; the slot's destructor notes the thread's end.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            guard let stored else { return }
            ThreadToken.noteEnded(UInt64(UInt(bitPattern: stored)))
        }
        return key
    }()

    static var current: ThreadToken {
        if let stored = pthread_getspecific(key) { return ThreadToken(value: UInt64(UInt(bitPattern: stored))) }
        let next = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(next)))
        return ThreadToken(value: next)
    }

    private static let ended = Mutex<Set<UInt64>>([])

    private static func noteEnded(_ value: UInt64) { ended.withLock { _ = $0.insert(value) } }

    /// The thread this token names has exited.
    var hasEnded: Bool { Self.ended.withLock { $0.contains(value) } }
}

/// What the calling thread is doing inside the library, so that a call arriving from a signal
/// handler that interrupted another call on the same thread is refused (TH_ERR_BUSY) before it
/// touches a lock or a context, instead of deadlocking or aborting. The application's callbacks
/// (`runningCallback`) may still make the calls the header allows them.
enum ThreadCallState {
    private static let inCallBit: UInt = 1
    private static let callbacksBit: UInt = 2

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var bits: UInt {
        get { UInt(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Runs one API call; refuses it when it would interrupt another call on this thread outside
    /// a callback (a signal handler).
    static func call(_ body: () -> Int32) -> Int32 {
        let before = bits
        // Refused without allocating or touching the last error: the interrupted call may be in malloc.
        if before & inCallBit != 0, before & callbacksBit == 0 { return ErrorCode.busy.rawValue }
        bits = before | inCallBit
        defer { bits = before }
        return body()
    }

    /// Runs one of the application's callbacks. The mark covers the callback alone, not the
    /// library's code around it: a signal that lands in the library (in malloc, or halfway through
    /// setting a flag) is still refused, as if no callback were running.
    static func runningCallback<R>(_ body: () -> R) -> R {
        let before = bits
        bits = before | callbacksBit
        defer { bits = before }
        return body()
    }
}
