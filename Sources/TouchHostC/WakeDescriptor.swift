import Glibc

/// The context's pollable descriptor: an epoll set that is readable when dispatch has work. It
/// holds an eventfd raised while events are queued, a timerfd armed for the next recognizer or
/// tracker deadline (device contexts), and the link's descriptor when there is one.
final class WakeDescriptor {
    let epoll: Int32
    private let queued: Int32
    private let timer: Int32

    init() throws(CallError) {
        epoll = epoll_create1(LinuxEvent.cloexec)
        queued = eventfd(0, LinuxEvent.nonblock | LinuxEvent.cloexec)
        timer = timerfd_create(LinuxEvent.clockMonotonic, LinuxEvent.nonblock | LinuxEvent.cloexec)
        guard epoll >= 0, queued >= 0, timer >= 0 else {
            let message = String(cString: strerror(errno))
            if epoll >= 0 { close(epoll) }
            if queued >= 0 { close(queued) }
            if timer >= 0 { close(timer) }
            throw CallError(.io, "cannot make the context's descriptors: \(message)")
        }
        watch(queued)
        watch(timer)
    }

    func watch(_ fd: Int32) {
        var event = [UInt8](repeating: 0, count: 16)
        event.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: LinuxEvent.epollIn, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: fd, toByteOffset: LinuxEvent.eventDataOffset, as: Int32.self)
            _ = epoll_ctl(epoll, LinuxEvent.ctlAdd, fd, raw.baseAddress)
        }
    }

    func unwatch(_ fd: Int32) {
        _ = epoll_ctl(epoll, LinuxEvent.ctlDel, fd, nil)
    }

    /// Keeps the eventfd readable exactly while events wait.
    func setQueued(_ waiting: Bool) {
        var value: UInt64 = 0
        if waiting {
            if !isReadable(queued) {
                value = 1
                _ = write(queued, &value, 8)
            }
        } else {
            _ = read(queued, &value, 8)
        }
    }

    /// Arms the timer for `delay` microseconds from now (at least 1), or disarms it.
    func setTimer(afterMicroseconds delay: Int64?) {
        var spec = itimerspec()
        if let delay {
            let d = max(delay, 1)
            spec.it_value.tv_sec = Int(d / 1_000_000)
            spec.it_value.tv_nsec = Int(d % 1_000_000) * 1000
        }
        _ = withUnsafeBytes(of: &spec) { timerfd_settime(timer, 0, $0.baseAddress!, nil) }
    }

    func clearTimer() {
        var expirations: UInt64 = 0
        _ = read(timer, &expirations, 8)
    }

    private func isReadable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    deinit {
        close(epoll)
        close(queued)
        close(timer)
    }
}
