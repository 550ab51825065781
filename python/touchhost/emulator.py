"""Starts the controller emulator for a test: in-process through the C API's `emulate:` source, or as
`touchhost emulate` (the CLI) where the C source has no such option (faults) or the board is QEMU's
Cortex-M4 (`mps2-an386`, the firmware image under qemu-system-arm). Either way the context reads the
controller exactly as it reads a serial port."""
import os
import shutil
import subprocess
import tempfile
import threading

from .context import Context

QEMU_BOARD = "mps2-an386"


def cli_path():
    """The `touchhost` executable: $TOUCHHOST_CLI, else the one on PATH."""
    path = os.environ.get("TOUCHHOST_CLI") or shutil.which("touchhost")
    if not path:
        raise FileNotFoundError("the touchhost CLI is needed for faults and QEMU (set TOUCHHOST_CLI or put it on PATH)")
    return path


class Emulation:
    """A running emulator and the context reading it. `play()` runs until the script's end (the
    emulator hangs up 1.5 s after it) and returns the events; `events`, `touches`, `gestures()` and
    `statuses` read what came. Close it (or use `with`) to stop the emulator."""

    def __init__(self, board="kiosk-15", script=None, faults=None, seed=1, recognizers="kiosk",
                 qemu=False, start_now=False):
        if qemu:
            board = QEMU_BOARD
        self.board = board
        self._folder = None
        self._process = None
        self._stderr = []
        script_path = self._script_file(script)
        if faults is None and board != QEMU_BOARD and not start_now:
            options = [f"seed={int(seed)}"] + ([f"script={script_path}"] if script_path else [])
            source = f"emulate:{board}?" + "&".join(options)
        else:
            source = self._start_cli(board, script_path, faults, seed, start_now)
        try:
            self.context = Context.open(source, recognizers=recognizers)
        except Exception:
            self.close()
            raise

    def _script_file(self, script):
        """A script given as text (it has a newline) goes to a file of its own; a path stays as it is."""
        if script is None:
            return None
        if "\n" not in str(script) and os.path.exists(str(script)):
            return os.path.abspath(str(script))
        self._folder = tempfile.mkdtemp(prefix="touchhost-")
        path = os.path.join(self._folder, "stimuli.touch")
        with open(path, "w") as file:
            file.write(str(script))
        return path

    def _start_cli(self, board, script_path, faults, seed, start_now):
        command = [cli_path(), "emulate", "--board", board]
        if script_path:
            command += ["--script", script_path]
        if faults:
            command += ["--faults", faults if isinstance(faults, str)
                        else ",".join(f"{k}={v}" for k, v in faults.items())]
        if board != QEMU_BOARD:
            command += ["--seed", str(int(seed))]
        if start_now:
            command += ["--start-now"]
        self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # Standard error is drained on a thread so a chatty emulator never blocks on a full pipe.
        self._stderr_reader = threading.Thread(target=lambda: self._stderr.extend(self._process.stderr), daemon=True)
        self._stderr_reader.start()
        line = self._process.stdout.readline().strip()
        if not line.startswith("pty:"):
            self._process.wait(timeout=10)
            raise RuntimeError(f"touchhost emulate did not start ({' '.join(command)}): "
                               f"{line} {''.join(self._stderr)}".strip())
        return line.split(":", 1)[1].strip()

    @property
    def events(self):
        return self.context.events

    @property
    def touches(self):
        return self.context.events.touches

    @property
    def statuses(self):
        return self.context.events.statuses

    def gestures(self, name=None, state=None):
        return self.context.events.gestures(name, state)

    def play(self, seconds=60, until=None):
        """Dispatches until the emulator hangs up (its script is over), `until(events)` holds, or
        `seconds` pass; returns every event."""
        return self.context.run(seconds=seconds, until=until)

    @property
    def emulator_stderr(self):
        """What `touchhost emulate` said on standard error (all of it once it has exited)."""
        if self._process is not None and self._process.poll() is not None:
            self._stderr_reader.join(timeout=5)
        return "".join(self._stderr)

    def close(self):
        context = getattr(self, "context", None)
        if context is not None:
            context.close()
        if self._process is not None:
            if self._process.poll() is None:
                self._process.terminate()
                try:
                    self._process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._process.kill()
                    self._process.wait()
            self._process = None
        if self._folder:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def emulate(board="kiosk-15", **options):
    """Starts an Emulation: `emulate("kiosk-15", script="0ms tap 120 80\\n")`,
    `emulate(faults="byte-loss=5,seed=7", script=...)`, `emulate(qemu=True, script=...)`."""
    return Emulation(board, **options)
