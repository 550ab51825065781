import Foundation
import Glibc
import TouchCore
import TouchHost

/// `touchhost emulate --board mps2-an386`: the firmware image under qemu-system-arm, its UART
/// relayed to a pty of this process, the script's fingers sent as `stimulus` commands (docs/hil.md).
/// QEMU is killed on every way out: the script's end, an error, SIGINT, SIGTERM, SIGHUP.
struct QEMUEmulation {
    static let boardName = "mps2-an386"
    /// The image is built for this board's panel (Boards/mps2-an386/Image/BoardMain.swift).
    static let imageBoard = "kiosk-15"

    /// Three report periods at 120 Hz: beyond the period a stimulus is normally sent ahead of its time.
    static let lateStimulusWarning: Int64 = 25_000

    var script: TouchScript?
    var image: QEMULauncher.Image = .contacts
    var startsImmediately: Bool
    /// `--faults`: the firmware's own fault stages, injected over the UART before the host is served.
    var faults: FaultSettings?

    func run() throws {
        guard let root = Self.packageRoot() else {
            throw HostFailure("\(Self.boardName): no package checkout with Boards/mps2-an386/build.sh found (set TOUCHHOST_PACKAGE_ROOT)")
        }
        let qemu: QEMULauncher.Running
        do { qemu = try QEMULauncher(packageRoot: root, image: image).launch() } catch let error as QEMULauncher.LaunchError {
            throw HostFailure("\(Self.boardName): \(error)")
        }
        QEMUKillSwitch.arm(pid: qemu.process.processIdentifier)
        defer {
            qemu.stop()
            QEMUKillSwitch.disarm()
        }
        let board = BoardListing.board(named: Self.imageBoard)!
        let stimuli = StimulusFeed(script, panel: board.panelSize, rate: board.reportRate)
        let relay = try QEMURelay(
            devicePath: qemu.ptyPath, stimuli: stimuli, scriptEnd: script?.endTime, reportRate: script?.reportRate ?? board.reportRate)
        relay.startsImmediately = startsImmediately
        do { try relay.waitUntilLive(faults: faults) } catch {
            throw HostFailure("\(Self.boardName): the firmware did not answer on UART0 (\(error))")
        }
        if faults != nil, relay.faultsResult != .accepted {
            throw HostFailure("\(Self.boardName): the firmware refused the faults (\(relay.faultsResult.map { "\($0)" } ?? "no answer"))")
        }
        StandardOutput.line(relay.announcement)
        do { try relay.run() } catch {
            throw HostFailure("\(Self.boardName): QEMU stopped (\(error))")
        }
        // Said on standard error so a test can tell a distorted run from a firmware that disagrees.
        let late = relay.worstLateness
        if late > Self.lateStimulusWarning {
            FileHandle.standardError.write(Data(
                "touchhost: \(Self.boardName): a stimulus reached the firmware \(late / 1000) ms late (QEMU's UART input stalled; a busy host?)\n".utf8))
        }
    }

    /// The checkout to build the image in: `TOUCHHOST_PACKAGE_ROOT`, else the working directory or
    /// the executable's folder and their parents (`.build/debug/touchhost` lives in the checkout).
    static func packageRoot() -> URL? {
        var starts: [URL] = []
        if let given = ProcessInfo.processInfo.environment["TOUCHHOST_PACKAGE_ROOT"] { starts.append(URL(fileURLWithPath: given)) }
        starts.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        for start in starts {
            var folder = start.standardizedFileURL
            while folder.path != "/" {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Boards/mps2-an386/build.sh").path) {
                    return folder
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }
}

/// QEMU's pid where a signal handler can reach it: the handler kills QEMU and exits.
enum QEMUKillSwitch {
    nonisolated(unsafe) static var pid: pid_t = 0

    static func arm(pid: pid_t) {
        Self.pid = pid
        // A parent (a test runner's thread) may have left these blocked; they are inherited.
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&set, signal)
            Glibc.signal(signal) { received in
                if QEMUKillSwitch.pid > 0 { kill(QEMUKillSwitch.pid, SIGKILL) }
                _exit(128 + received)
            }
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    static func disarm() {
        for signal in [SIGINT, SIGTERM, SIGHUP] { Glibc.signal(signal, SIG_DFL) }
        pid = 0
    }
}
