import Glibc

/// A POSIX thread running one closure: the emulator beside a demo or a C context. The library
/// uses no Foundation (docs/c-api.md, "Size"), so no `Foundation.Thread`.
public final class HostThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread at once.
    public init(_ body: @escaping @Sendable () -> Void) throws(HostFailure) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(&thread, nil, { argument in
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            throw HostFailure("cannot start a thread: \(String(cString: strerror(status)))")
        }
    }

    /// Waits for the closure to return; once.
    public func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    /// Lets the thread end on its own, never joined.
    public func detach() {
        guard !joined else { return }
        joined = true
        pthread_detach(thread)
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
