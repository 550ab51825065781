"""A th_context: one touch source, its recognizers and its event queue."""
import ctypes
import select
import time

from .events import Events, read_event
from .library import ContextOptions, DeviceInfo, TouchHostError, c_context, c_event, library, text

AGAIN, DISCONNECTED, TIMED_OUT = -6, -11, -16
CONTACT_STATES = {"down": 0, "move": 1, "up": 2}


class Context:
    """A context on a source (`Context.open("emulate:kiosk-15")`, a port, "tcp:HOST:PORT",
    "replay:FILE") or fed by hand (`Context.manual()`). Belongs to the thread that made it, as in C.
    Use it in a `with` block, or call close()."""

    def __init__(self, handle):
        self._handle = handle
        self.events = Events()
        self.disconnected = False

    @classmethod
    def _options(cls, panel=None, report_rate_hz=0, reconnect=False):
        lib = library()
        options = ContextOptions()
        lib.th_context_options_init(ctypes.byref(options))
        options.struct_size = ctypes.sizeof(ContextOptions)
        if panel:
            options.panel_width_mm, options.panel_height_mm = panel
        options.report_rate_hz = report_rate_hz
        options.flags = 1 if reconnect else 0
        return options

    @classmethod
    def open(cls, source, recognizers="kiosk", **options):
        """Opens `source` as th_context_open() does; adds the recognizers named (the kiosk set by
        default; None for none)."""
        lib = library()
        handle = c_context()
        code = lib.th_context_open(source.encode(), ctypes.byref(cls._options(**options)), ctypes.byref(handle))
        if code != 0:
            raise TouchHostError(code, text(lib.th_get_last_error()) or text(lib.th_strerror(code)))
        context = cls(handle)
        if recognizers:
            context.add_recognizers(recognizers)
        return context

    @classmethod
    def manual(cls, recognizers="kiosk", **options):
        """A context with no device: feed touches with touch() and move time with advance()."""
        lib = library()
        handle = c_context()
        code = lib.th_context_new_manual(ctypes.byref(cls._options(**options)), ctypes.byref(handle))
        if code != 0:
            raise TouchHostError(code, text(lib.th_get_last_error()) or text(lib.th_strerror(code)))
        context = cls(handle)
        if recognizers:
            context.add_recognizers(recognizers)
        return context

    def _check(self, code):
        if code != 0:
            raise TouchHostError(code, text(library().th_context_get_last_error(self._handle))
                                 or text(library().th_strerror(code)))

    def add_recognizers(self, names):
        """th_context_add_recognizer_set: "kiosk" or "tap,double-tap,swipe"."""
        self._check(library().th_context_add_recognizer_set(self._handle, names.encode()))

    def touch(self, contact, state, x_mm, y_mm, time_us):
        """Feeds one contact ("down", "move" or "up") to a manual context."""
        self._check(library().th_context_feed_touch(self._handle, contact, CONTACT_STATES[state],
                                                    x_mm, y_mm, int(time_us)))

    def sync(self):
        self._check(library().th_context_feed_sync(self._handle))
        return self.collect()

    def advance(self, time_us):
        """Moves a manual context's clock: timers due by then fire."""
        self._check(library().th_context_advance(self._handle, int(time_us)))
        return self.collect()

    def send_command(self, command, argument=0):
        """th_context_send_command: 1 get-info, 2 reset, 3 recalibrate, 4 report rate, 5 mode."""
        self._check(library().th_context_send_command(self._handle, command, argument))

    def device_info(self):
        """The device's description as a dict, or None until it has described itself."""
        info = DeviceInfo()
        info.struct_size = ctypes.sizeof(DeviceInfo)
        if library().th_context_get_device_info(self._handle, ctypes.byref(info)) != 0:
            return None
        return {"board": info.board.decode(), "max_contacts": info.max_contacts,
                "report_rate_hz": info.report_rate_hz, "panel": (info.panel_width_mm, info.panel_height_mm),
                "firmware": (info.firmware_major, info.firmware_minor, info.firmware_patch)}

    def collect(self):
        """Takes every queued event into `events`; returns the new ones."""
        lib = library()
        new = Events()
        handle = c_event()
        while lib.th_context_get_event(self._handle, ctypes.byref(handle)) == 0:
            try:
                event = read_event(handle)
            finally:
                lib.th_event_destroy(handle)
            if event is not None:
                new.append(event)
        self.events.extend(new)
        return new

    def dispatch(self):
        """One th_context_dispatch and the events it queued. A disconnect (a script's end, a replay's
        end) sets `disconnected`; other failures raise."""
        code = library().th_context_dispatch(self._handle)
        if code == DISCONNECTED:
            self.disconnected = True
        elif code not in (0, TIMED_OUT):
            self._check(code)
        return self.collect()

    def run(self, seconds=None, until=None):
        """Dispatches as the descriptor wakes, until the source disconnects, `until(events)` is true,
        or `seconds` of real time have passed; returns every event so far."""
        fd = library().th_context_get_fd(self._handle)
        if fd < 0:
            self._check(fd)
        deadline = None if seconds is None else time.monotonic() + seconds
        while not self.disconnected:
            if until is not None and until(self.events):
                break
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            select.select([fd], [], [], 0.1 if left is None else min(left, 0.1))
            self.dispatch()
        return self.events

    def close(self):
        if self._handle:
            library().th_context_destroy(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass
