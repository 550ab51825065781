// The Glibc module does not export <sys/epoll.h>, <sys/eventfd.h> or <sys/timerfd.h>; these are
// their C signatures (integer and pointer arguments only) and the constants the context uses.

@_silgen_name("epoll_create1")
func epoll_create1(_ flags: Int32) -> Int32

@_silgen_name("epoll_ctl")
func epoll_ctl(_ epfd: Int32, _ op: Int32, _ fd: Int32, _ event: UnsafeMutableRawPointer?) -> Int32

@_silgen_name("eventfd")
func eventfd(_ initial: UInt32, _ flags: Int32) -> Int32

@_silgen_name("timerfd_create")
func timerfd_create(_ clock: Int32, _ flags: Int32) -> Int32

@_silgen_name("timerfd_settime")
func timerfd_settime(_ fd: Int32, _ flags: Int32, _ new: UnsafeRawPointer, _ old: UnsafeMutableRawPointer?) -> Int32

enum LinuxEvent {
    static let cloexec: Int32 = 0o2000000
    static let nonblock: Int32 = 0o4000
    static let epollIn: UInt32 = 0x001
    static let ctlAdd: Int32 = 1
    static let ctlDel: Int32 = 2
    static let clockMonotonic: Int32 = 1
    /// struct epoll_event is packed on x86-64 (12 bytes), naturally aligned elsewhere (16).
    #if arch(x86_64)
    static let eventSize = 12, eventDataOffset = 4
    #else
    static let eventSize = 16, eventDataOffset = 8
    #endif
}
