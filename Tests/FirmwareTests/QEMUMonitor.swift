import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// QEMU's human monitor on a Unix socket (`-monitor unix:PATH,server,nowait`): one command and
/// what the monitor printed for it.
enum QEMUMonitor {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `command` and reads until `isComplete` accepts what arrived, the monitor closes, or
    /// `timeout` seconds pass; returns everything read, the monitor's banner and echo included.
    static func send(_ command: String, to path: String, timeout: TimeInterval, isComplete: (String) -> Bool) throws -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(path.utf8)
        guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Failure(description: "the monitor's socket path is too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: pathBytes) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect \(path): \(String(cString: strerror(errno)))") }
        let bytes = Array(command.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Failure(description: "writing to the monitor: \(String(cString: strerror(errno)))")
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(max(1, min(1_000, deadline.timeIntervalSinceNow * 1_000)))
            guard poll(&ready, 1, waitMilliseconds) >= 0 || errno == EINTR else { break }
            guard ready.revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[0..<count]
            if isComplete(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
