import Glibc

/// Runs `body` with SIGPIPE blocked on this thread, and swallows a SIGPIPE it raised. Writing to a
/// TCP peer that went away raises SIGPIPE, which by default ends the process: a library must not
/// kill its kiosk for that, nor change the process's signal handling; the write's EPIPE error is
/// the answer.
func withoutSIGPIPE<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    var pipe = sigset_t()
    sigemptyset(&pipe)
    sigaddset(&pipe, SIGPIPE)
    var pendingBefore = sigset_t()
    sigpending(&pendingBefore)
    let wasPending = sigismember(&pendingBefore, SIGPIPE) == 1
    var old = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipe, &old)
    defer {
        var pending = sigset_t()
        sigpending(&pending)
        if !wasPending, sigismember(&pending, SIGPIPE) == 1 {
            var zero = timespec()
            _ = sigtimedwait(&pipe, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &old, nil)
    }
    return try body()
}
