import Glibc

/// TCP for links: a client connection (`monitor tcp:HOST:PORT`) and a listener that serves one
/// host at a time (`emulate --link tcp:PORT`). Connections are plain descriptor links.
public enum TCPLink {
    /// Connects, waiting up to `timeoutMilliseconds` for each address (-1: as long as the system
    /// does), so a caller that must not block long (the C API reopening a lost link) can bound it.
    public static func connect(host: String, port: UInt16, timeoutMilliseconds: Int32 = -1) throws(LinkError) -> FileDescriptorLink {
        let label = "tcp:\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw LinkError(port: label, cause: .other("cannot resolve \(host): \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(results) }
        var lastError = ECONNREFUSED
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd >= 0 {
                if timeoutMilliseconds >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
                if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0
                    || (errno == EINPROGRESS && finishes(fd, within: timeoutMilliseconds))
                {
                    var one: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    return FileDescriptorLink(name: label, read: fd, write: fd, ownsDescriptors: true)
                }
                lastError = errno
                Glibc.close(fd)
            }
            entry = address.pointee.ai_next
        }
        throw LinkError(port: label, errno: lastError)
    }

    /// Waits for a non-blocking connect to complete; false (errno set) when it failed or took too long.
    private static func finishes(_ fd: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&entry, 1, milliseconds) == 1 else {
            errno = ETIMEDOUT
            return false
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else {
            if failure != 0 { errno = failure }
            return false
        }
        return true
    }

    /// A listening socket on `address` (default the loopback interface: an emulator takes
    /// stimulus, reset and fault commands from whoever connects, so it is not offered to the
    /// network unless asked). Port 0 lets the system choose; `port` and `address` say what it
    /// really listens on.
    public final class Listener {
        public static let defaultAddress = "127.0.0.1"
        public let port: UInt16
        /// The numeric address bound: `127.0.0.1`, `::1`, `0.0.0.0`, `::`.
        public let address: String
        public let descriptor: Int32

        public init(port: UInt16, address: String = Listener.defaultAddress) throws(LinkError) {
            let label = "tcp:\(address.contains(":") ? "[\(address)]" : address):\(port)"
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
            var results: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(address, String(port), &hints, &results)
            guard status == 0, let first = results else {
                throw LinkError(port: label, cause: .other("cannot listen on \(address): \(String(cString: gai_strerror(status)))"))
            }
            defer { freeaddrinfo(results) }
            let fd = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw LinkError(port: label, errno: errno) }
            if port != 0 {
                // A port asked for by number is taken again at once after a restart, whatever its
                // last connections left behind. Not for port 0: under gVisor, sockets with
                // SO_REUSEADDR can be given the same free port, and one emulator would take
                // another's hosts (google/gvisor#6209).
                var one: Int32 = 1
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            if first.pointee.ai_family == AF_INET6 {
                // `::` takes IPv4 hosts too, as "every interface" means.
                var zero: Int32 = 0
                setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &zero, socklen_t(MemoryLayout<Int32>.size))
            }
            // A small backlog: a second host is accepted only to be told it must wait (`refuse`).
            guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(fd, 4) == 0 else {
                let code = errno
                Glibc.close(fd)
                throw LinkError(port: label, cause: code == EADDRINUSE ? .busy : LinkError(port: label, errno: code).cause)
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let bound = Self.localAddress(of: fd)
            self.port = bound?.port ?? port
            self.address = bound?.host ?? address
            self.descriptor = fd
        }

        /// `127.0.0.1:7000`, `[::1]:7000`: what a host connects to (as `tcp:` + this).
        public var endpoint: String { (address.contains(":") ? "[\(address)]" : address) + ":\(port)" }

        /// The numeric host and port a socket is bound to.
        private static func localAddress(of fd: Int32) -> (host: String, port: UInt16)? {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { return nil }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
            let status = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    getnameinfo($0, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                        NI_NUMERICHOST | NI_NUMERICSERV)
                }
            }
            guard status == 0, let port = UInt16(String(cString: service)) else { return nil }
            return (String(cString: host), port)
        }

        deinit { Glibc.close(descriptor) }

        /// The next waiting host, or nil when none is.
        public func accept() -> FileDescriptorLink? {
            let fd = Glibc.accept(descriptor, nil, nil)
            guard fd >= 0 else { return nil }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let link = FileDescriptorLink(name: "tcp:\(endpoint)", read: fd, write: fd, ownsDescriptors: true)
            link.emulateUART()
            return link
        }
    }
}
