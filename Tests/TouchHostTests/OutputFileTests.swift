import Foundation
import Glibc
import Testing

/// What touchhost writes (`plot -o`, `calibrate -o`, `emulate --stimulus-log`) through the binary:
/// a regular file is replaced, anything else is refused and left as it was. Run as root, `plot
/// x.touch -o /dev/null` used to replace the machine's /dev/null with a regular file (the SVG was
/// written to a temporary file and renamed over whatever the path named); the same is shown here
/// with a FIFO, a symbolic link and (where the test may make one) a device node in a temporary
/// folder, never the real /dev/null.
@Suite("Output files")
struct OutputFileTests {
    /// A fresh folder holding a one-tap script.
    final class Folder {
        let path: String
        let script: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(getpid())-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            script = path + "/tap.touch"
            try "0ms tap 50 50\n".write(toFile: script, atomically: false, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// The file type bits of `name`, not through a link.
        func kind(_ name: String) -> mode_t {
            var info = stat()
            return lstat(path + "/" + name, &info) == 0 ? info.st_mode & mode_t(S_IFMT) : 0
        }
    }

    /// The commands that write a file, with the output path last.
    static func arguments(_ command: String, _ folder: Folder, _ output: String) -> [String] {
        switch command {
        case "plot": ["plot", folder.script, "-o", output]
        case "calibrate": ["calibrate", "/dev/null", "--screen", "1920x1080", "-o", output]
        default: ["emulate", "--board", "kiosk-15", "--link", "stdio", "--script", folder.script, "--stimulus-log", output]
        }
    }

    @Test(arguments: ["plot", "calibrate", "emulate --stimulus-log"])
    func aFIFOIsRefusedAndLeftAFIFO(command: String) throws {
        let folder = try Folder()
        #expect(mkfifo(folder.path + "/out", 0o644) == 0)
        let run = try TouchHostBinary.run(
            try TouchHostBinary.locate(), Self.arguments(command, folder, folder.path + "/out"), timeout: 30)
        #expect(run.status == 1)
        // (The emulator names its link on standard error first.)
        #expect(run.error.hasSuffix("touchhost: \(folder.path)/out: is a FIFO; touchhost writes only regular files\n"), "\(run.error)")
        #expect(folder.kind("out") == mode_t(S_IFIFO))
    }

    /// A link could lead the write anywhere (a provisioning script's wrong path): it is refused,
    /// and neither the link nor the file it names is touched.
    @Test(arguments: ["plot", "calibrate"])
    func aSymbolicLinkIsNotFollowed(command: String) throws {
        let folder = try Folder()
        try "precious\n".write(toFile: folder.path + "/target", atomically: false, encoding: .utf8)
        #expect(symlink(folder.path + "/target", folder.path + "/out") == 0)
        let run = try TouchHostBinary.run(
            try TouchHostBinary.locate(), Self.arguments(command, folder, folder.path + "/out"), timeout: 30)
        #expect(run.status == 1)
        #expect(run.error.contains("out: is a symbolic link"), "\(run.error)")
        #expect(folder.kind("out") == mode_t(S_IFLNK))
        #expect(try String(contentsOfFile: folder.path + "/target", encoding: .utf8) == "precious\n")
    }

    /// The /dev/null case itself, on a device node of the same numbers made in a temporary folder
    /// (major 1, minor 3: glibc's makedev for small numbers; root only: elsewhere mknod is refused
    /// and the FIFO and link cases above stand for it).
    @Test func aDeviceNodeStaysADevice() throws {
        let folder = try Folder()
        guard mknod(folder.path + "/null", mode_t(S_IFCHR) | 0o666, dev_t(1 << 8 | 3)) == 0 else {
            #expect(errno == EPERM, "mknod failed: \(String(cString: strerror(errno)))")
            return
        }
        let run = try TouchHostBinary.run(
            try TouchHostBinary.locate(), ["plot", folder.script, "-o", folder.path + "/null"], timeout: 30)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(folder.path)/null: is a character device; touchhost writes only regular files\n")
        #expect(folder.kind("null") == mode_t(S_IFCHR))
    }

    @Test func aDirectoryIsRefused() throws {
        let folder = try Folder()
        let run = try TouchHostBinary.run(try TouchHostBinary.locate(), ["plot", folder.script, "-o", folder.path], timeout: 30)
        #expect(run.status == 1)
        #expect(run.error == "touchhost: \(folder.path): is a directory; touchhost writes only regular files\n")
    }

    /// A regular file is replaced whole and keeps its permissions; nothing is left beside it.
    @Test func aRegularFileIsReplacedKeepingItsMode() throws {
        let folder = try Folder()
        let output = folder.path + "/plot.svg"
        try "old\n".write(toFile: output, atomically: false, encoding: .utf8)
        #expect(chmod(output, 0o600) == 0)
        let run = try TouchHostBinary.run(try TouchHostBinary.locate(), ["plot", folder.script, "-o", output], timeout: 30)
        #expect(run.status == 0, "\(run.error)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<?xml") || String(contentsOfFile: output, encoding: .utf8).hasPrefix("<svg"))
        var info = stat()
        #expect(stat(output, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["tap.touch", "plot.svg"])
    }
}
