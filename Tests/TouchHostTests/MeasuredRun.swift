import Foundation
import Glibc

extension TouchHostBinary {
    /// A run of the binary with its peak memory: the child's own maximum resident set, as the
    /// kernel counts it, read while it runs.
    struct Measured {
        var status: Int32
        /// True when the program was still running at the timeout and was killed then.
        var timedOut: Bool
        var output: String
        var error: String
        var peakKiB: Int
        /// From the start to the exit, or to the kill.
        var seconds: Double = 0

        var lines: [String] { output.split(separator: "\n").map(String.init) }
        var peakMiB: Double { Double(peakKiB) / 1_024 }
    }

    /// Runs the binary for at most `timeout` seconds (then kills it), within `addressSpaceMiB` of
    /// address space (`ulimit -v`, through /bin/sh), so a program that would balloon fails fast
    /// instead of taking the machine's memory.
    static func measure(
        _ binary: URL, _ arguments: [String], timeout: TimeInterval, addressSpaceMiB: Int = 2_048
    ) throws -> Measured {
        try Child(binary, arguments, addressSpaceMiB: addressSpaceMiB).finish(timeout: timeout)
    }

    /// The binary running, for a test that talks to it meanwhile: its output drained as it comes,
    /// its peak memory the kernel's own count when it is reaped.
    final class Child {
        let pid: pid_t
        private let stdout: Drain
        private let stderr: Drain
        private let started = Date()

        init(_ binary: URL, _ arguments: [String], addressSpaceMiB: Int = 2_048) throws {
            let argv = ["/bin/sh", "-c", "ulimit -v \(addressSpaceMiB * 1_024) && exec \"$0\" \"$@\"", binary.path] + arguments
            let out = Pipe()
            let err = Pipe()
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, out.fileHandleForWriting.fileDescriptor, 1)
            posix_spawn_file_actions_adddup2(&actions, err.fileHandleForWriting.fileDescriptor, 2)
            // Nothing else open goes to the child: another test's pipe held open by it would keep that
            // test waiting. (A descriptor closed meanwhile is no error: glibc ignores it.)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
                if let descriptor = Int32(name), descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
            }
            // A test runner's thread may have blocked signals the child would inherit.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
            var pid: pid_t = 0
            let cArguments = argv.map { strdup($0) } + [nil]
            defer { cArguments.forEach { free($0) } }
            let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, environ)
            try? out.fileHandleForWriting.close()
            try? err.fileHandleForWriting.close()
            guard spawned == 0 else { throw Failure(description: "cannot start /bin/sh: \(String(cString: strerror(spawned)))") }
            self.pid = pid
            stdout = Drain(out.fileHandleForReading)
            stderr = Drain(err.fileHandleForReading)
        }

        /// The child's resident high-water mark so far (VmHWM): the kernel's own maximum for the
        /// program now running, read while it runs. Not `wait4`'s `ru_maxrss`: posix_spawn's child
        /// shares the test runner's memory until it execs, and the kernel then keeps the runner's
        /// high-water mark as the child's (113 MiB reported for a program that peaked at 25).
        private func highWaterKiB() -> Int {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
            else { return 0 }
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }

        /// Waits for the exit; the program is killed at `timeout` seconds (`timedOut`). Its peak is
        /// sampled every 10 ms, so growth in its last moments may go unseen.
        func finish(timeout: TimeInterval) -> Measured {
            var status: Int32 = 0
            var usage = rusage()
            var timedOut = false
            var peakKiB = 0
            let deadline = started.addingTimeInterval(timeout)
            while wait4(pid, &status, WNOHANG, &usage) == 0 {
                peakKiB = max(peakKiB, highWaterKiB())
                if Date() >= deadline {
                    timedOut = true
                    kill(pid, SIGKILL)
                    _ = wait4(pid, &status, 0, &usage)
                    break
                }
                usleep(10_000)
            }
            // Exit status, or 128 + the signal that ended it, as a shell reports it.
            let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return Measured(
                status: code, timedOut: timedOut, output: String(decoding: stdout.wait(), as: UTF8.self),
                error: String(decoding: stderr.wait(), as: UTF8.self), peakKiB: peakKiB,
                seconds: Date().timeIntervalSince(started))
        }
    }

    /// A file in the temporary folder holding `text`, for one test.
    static func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(getpid())-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: file)
        return file
    }
}
