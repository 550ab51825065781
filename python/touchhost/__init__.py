"""touchhost for Python: the C library libtouchhost through ctypes, and a pytest plugin.

    from touchhost import Context, emulate
    with emulate("kiosk-15", script="tap.touch") as run:
        run.play()
        assert run.gestures("tap")
"""
from .library import TouchHostError, library, version
from .events import Touch, Gesture, Status, Events
from .context import Context
from .emulator import Emulation, emulate

__all__ = [
    "Context", "Emulation", "emulate", "Events", "Gesture", "Status", "Touch",
    "TouchHostError", "library", "version",
]
