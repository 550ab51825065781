"""Loads libtouchhost and declares the C functions the package calls (include/touchhost.h).

The library is found, in this order, at $TOUCHHOST_LIBRARY (a path to the .so), under
$TOUCHHOST_PREFIX/lib (what `scripts/build-libtouchhost PREFIX` installs), or by the dynamic
linker's own search (ldconfig's cache, LD_LIBRARY_PATH) as libtouchhost.so.0.
"""
import ctypes
import os
import threading

c_context = ctypes.c_void_p
c_event = ctypes.c_void_p


class TouchHostError(RuntimeError):
    """A th_error from a call: `code` is the negative number, the message the library's words."""

    def __init__(self, code, message):
        super().__init__(f"{message} ({code})")
        self.code = code


class ContextOptions(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32), ("max_events", ctypes.c_uint32),
        ("panel_width_mm", ctypes.c_double), ("panel_height_mm", ctypes.c_double),
        ("report_rate_hz", ctypes.c_uint32), ("event_mask", ctypes.c_uint32),
        ("baud", ctypes.c_uint32), ("flags", ctypes.c_uint32),
    ]


class GestureValues(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32), ("taps", ctypes.c_uint32), ("duration_us", ctypes.c_int64),
        ("translation_x", ctypes.c_double), ("translation_y", ctypes.c_double),
        ("velocity_x", ctypes.c_double), ("velocity_y", ctypes.c_double),
        ("scale", ctypes.c_double), ("rate", ctypes.c_double), ("rotation", ctypes.c_double),
        ("direction", ctypes.c_uint32), ("edge", ctypes.c_uint32),
        ("vertex_x", ctypes.c_double), ("vertex_y", ctypes.c_double),
        ("center_x", ctypes.c_double), ("center_y", ctypes.c_double), ("radius", ctypes.c_double),
        ("length", ctypes.c_double), ("samples", ctypes.c_uint32), ("template_index", ctypes.c_uint32),
        ("score", ctypes.c_double),
    ]


class DeviceInfo(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32), ("protocol_version", ctypes.c_uint32),
        ("firmware_major", ctypes.c_uint32), ("firmware_minor", ctypes.c_uint32),
        ("firmware_patch", ctypes.c_uint32), ("max_contacts", ctypes.c_uint32),
        ("report_rate_hz", ctypes.c_uint32), ("reserved", ctypes.c_uint32),
        ("panel_width_mm", ctypes.c_double), ("panel_height_mm", ctypes.c_double),
        ("board", ctypes.c_char * 32),
    ]


_P = ctypes.POINTER
_i32, _u32, _i64, _dbl = ctypes.c_int32, ctypes.c_uint32, ctypes.c_int64, ctypes.c_double
_err = ctypes.c_int

# name: (result, argument types). Only functions that include/touchhost.h declares.
_PROTOTYPES = {
    "th_version": (ctypes.c_char_p, []),
    "th_strerror": (ctypes.c_char_p, [_err]),
    "th_get_last_error": (ctypes.c_char_p, []),
    "th_context_options_init": (None, [_P(ContextOptions)]),
    "th_gesture_values_init": (None, [_P(GestureValues)]),
    "th_context_new_manual": (_err, [_P(ContextOptions), _P(c_context)]),
    "th_context_open": (_err, [ctypes.c_char_p, _P(ContextOptions), _P(c_context)]),
    "th_context_destroy": (_err, [c_context]),
    "th_context_get_fd": (ctypes.c_int, [c_context]),
    "th_context_dispatch": (_err, [c_context]),
    "th_context_get_event": (_err, [c_context, _P(c_event)]),
    "th_context_get_last_error": (ctypes.c_char_p, [c_context]),
    "th_context_feed_touch": (_err, [c_context, _i32, ctypes.c_int, _dbl, _dbl, _i64]),
    "th_context_feed_sync": (_err, [c_context]),
    "th_context_advance": (_err, [c_context, _i64]),
    "th_context_cancel_touches": (_err, [c_context, _i64]),
    "th_context_add_recognizer_set": (_err, [c_context, ctypes.c_char_p]),
    "th_context_get_device_info": (_err, [c_context, _P(DeviceInfo)]),
    "th_context_send_command": (_err, [c_context, ctypes.c_int, _i64]),
    "th_event_destroy": (_err, [c_event]),
    "th_event_get_type": (ctypes.c_int, [c_event]),
    "th_event_get_time": (_err, [c_event, _P(_i64)]),
    "th_event_touch_get_id": (_err, [c_event, _P(_u32)]),
    "th_event_touch_get_slot": (_err, [c_event, _P(_u32)]),
    "th_event_touch_get_phase": (_err, [c_event, _P(ctypes.c_int)]),
    "th_event_touch_get_position": (_err, [c_event, _P(_dbl), _P(_dbl)]),
    "th_event_touch_get_start": (_err, [c_event, _P(_dbl), _P(_dbl)]),
    "th_event_gesture_get_name": (_err, [c_event, _P(ctypes.c_char_p)]),
    "th_event_gesture_get_kind": (_err, [c_event, _P(ctypes.c_int)]),
    "th_event_gesture_get_state": (_err, [c_event, _P(ctypes.c_int)]),
    "th_event_gesture_get_position": (_err, [c_event, _P(_dbl), _P(_dbl)]),
    "th_event_gesture_get_touches": (_err, [c_event, _P(_u32)]),
    "th_event_gesture_get_values": (_err, [c_event, _P(GestureValues)]),
    "th_event_status_get_kind": (_err, [c_event, _P(ctypes.c_int)]),
    "th_event_status_get_count": (_err, [c_event, _P(_u32)]),
    "th_event_status_get_detail": (_err, [c_event, _P(ctypes.c_char_p)]),
}

_loaded = None
_lock = threading.Lock()


def _candidates():
    explicit = os.environ.get("TOUCHHOST_LIBRARY")
    if explicit:
        return [explicit]
    found = []
    prefix = os.environ.get("TOUCHHOST_PREFIX")
    if prefix:
        found.append(os.path.join(prefix, "lib", "libtouchhost.so.0"))
    found += ["libtouchhost.so.0", "libtouchhost.so"]
    return found


def library():
    """The loaded libtouchhost (a ctypes.CDLL), loaded on first use."""
    global _loaded
    with _lock:
        if _loaded is None:
            problems = []
            for candidate in _candidates():
                try:
                    lib = ctypes.CDLL(candidate)
                    break
                except OSError as error:
                    problems.append(str(error))
            else:
                raise OSError("libtouchhost not found (set TOUCHHOST_LIBRARY or TOUCHHOST_PREFIX, or install it "
                              "with scripts/build-libtouchhost): " + "; ".join(problems))
            for name, (result, arguments) in _PROTOTYPES.items():
                function = getattr(lib, name)
                function.restype = result
                function.argtypes = arguments
            _loaded = lib
        return _loaded


def version():
    """The library's version string ("0.3.0")."""
    return library().th_version().decode()


def text(pointer):
    return pointer.decode("utf-8", "replace") if pointer else ""
