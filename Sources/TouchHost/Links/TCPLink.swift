import Glibc

/// TCP for links: a client connection (`monitor tcp:HOST:PORT`) and a listener that serves one
/// host at a time (`emulate --link tcp:PORT`). Connections are plain descriptor links.
public enum TCPLink {
    public static func connect(host: String, port: UInt16) throws(LinkError) -> FileDescriptorLink {
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
                if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
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

    /// A listening socket on every interface.
    public final class Listener {
        public let port: UInt16
        public let descriptor: Int32

        public init(port: UInt16) throws(LinkError) {
            let label = "tcp:\(port)"
            let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw LinkError(port: label, errno: errno) }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            var zero: Int32 = 0
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &zero, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_any
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
            guard bound == 0, listen(fd, 1) == 0 else {
                let code = errno
                Glibc.close(fd)
                throw LinkError(port: label, cause: code == EADDRINUSE ? .busy : LinkError(port: label, errno: code).cause)
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            self.port = port
            self.descriptor = fd
        }

        deinit { Glibc.close(descriptor) }

        /// The next waiting host, or nil when none is.
        public func accept() -> FileDescriptorLink? {
            let fd = Glibc.accept(descriptor, nil, nil)
            guard fd >= 0 else { return nil }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let link = FileDescriptorLink(name: "tcp:\(port)", read: fd, write: fd, ownsDescriptors: true)
            link.dropsWhenFull = true
            return link
        }
    }
}
