"""Events as plain Python values, read from th_event handles once and then independent of them."""
import ctypes
from dataclasses import dataclass, field

from .library import GestureValues, library, text

TOUCH, GESTURE, STATUS, REGION_TOUCH = 1, 2, 3, 4
TOUCH_PHASES = ("began", "moved", "stationary", "ended", "cancelled")
GESTURE_KINDS = ("tap", "long-press", "pan", "swipe", "pinch", "rotation", "edge-pan", "checkmark",
                 "circle", "backslash", "capture", "template", "custom")
GESTURE_STATES = ("began", "changed", "ended", "cancelled", "recognized")
STATUS_KINDS = {0: "frames-lost", 1: "resync", 2: "device-reset", 3: "disconnected", 4: "reconnected",
                5: "overflow", 6: "duplicate-contact", 7: "report-timeout", 8: "recalibrated", 9: "rejected",
                10: "palm-began", 11: "palm-ended", 100: "queue-overflow", 101: "no-answer"}
DIRECTIONS = {1: "right", 2: "left", 4: "up", 8: "down"}
EDGES = {1: "top", 2: "left", 4: "bottom", 8: "right"}

# The values each built-in kind carries (docs/c-api.md, "Gesture values"); other fields are neutral.
_KIND_VALUES = {
    "tap": ("taps",), "long-press": ("duration_us",),
    "pan": ("translation_x", "translation_y", "velocity_x", "velocity_y"),
    "edge-pan": ("translation_x", "translation_y", "velocity_x", "velocity_y", "edge"),
    "swipe": ("direction",), "pinch": ("scale", "rate"), "rotation": ("rotation", "rate"),
    "checkmark": ("vertex_x", "vertex_y"), "circle": ("center_x", "center_y", "radius"),
    "backslash": ("length",), "capture": ("samples",), "template": ("template_index", "score"),
}


def _name(table, value):
    if isinstance(table, dict):
        return table.get(value, str(value))
    return table[value] if 0 <= value < len(table) else str(value)


@dataclass(frozen=True)
class Touch:
    """A tracked touch: `phase` is "began", "moved", "stationary", "ended" or "cancelled"; mm, µs."""
    id: int
    slot: int
    phase: str
    x: float
    y: float
    start_x: float
    start_y: float
    time_us: int


@dataclass(frozen=True)
class Gesture:
    """A recognizer's action: `name` is the recognizer's ("tap", "swipe"), `kind` its built-in kind,
    `state` "began", "changed", "ended", "cancelled" or "recognized"; `values` what the kind carries
    (a swipe's "direction" as "right", "left", "up" or "down"; an edge-pan's "edge" likewise)."""
    name: str
    kind: str
    state: str
    x: float
    y: float
    touches: int
    time_us: int
    values: dict = field(default_factory=dict)

    def __getattr__(self, key):
        values = self.__dict__.get("values", {})
        if key in values:
            return values[key]
        raise AttributeError(key)


@dataclass(frozen=True)
class Status:
    """Something about the input itself: `kind` as "frames-lost", "device-reset", "disconnected"..."""
    kind: str
    count: int
    detail: str
    time_us: int


def read_event(handle):
    """One th_event as a Touch, Gesture or Status (None for a type this package does not know)."""
    lib = library()
    kind = lib.th_event_get_type(handle)
    time = ctypes.c_int64()
    lib.th_event_get_time(handle, ctypes.byref(time))
    if kind in (TOUCH, REGION_TOUCH):
        ident, slot, phase = ctypes.c_uint32(), ctypes.c_uint32(), ctypes.c_int()
        x, y, sx, sy = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
        lib.th_event_touch_get_id(handle, ctypes.byref(ident))
        lib.th_event_touch_get_slot(handle, ctypes.byref(slot))
        lib.th_event_touch_get_phase(handle, ctypes.byref(phase))
        lib.th_event_touch_get_position(handle, ctypes.byref(x), ctypes.byref(y))
        lib.th_event_touch_get_start(handle, ctypes.byref(sx), ctypes.byref(sy))
        return Touch(ident.value, slot.value, _name(TOUCH_PHASES, phase.value), x.value, y.value,
                     sx.value, sy.value, time.value)
    if kind == GESTURE:
        name, gkind, state = ctypes.c_char_p(), ctypes.c_int(), ctypes.c_int()
        x, y, touches = ctypes.c_double(), ctypes.c_double(), ctypes.c_uint32()
        lib.th_event_gesture_get_name(handle, ctypes.byref(name))
        lib.th_event_gesture_get_kind(handle, ctypes.byref(gkind))
        lib.th_event_gesture_get_state(handle, ctypes.byref(state))
        lib.th_event_gesture_get_position(handle, ctypes.byref(x), ctypes.byref(y))
        lib.th_event_gesture_get_touches(handle, ctypes.byref(touches))
        raw = GestureValues()
        lib.th_gesture_values_init(ctypes.byref(raw))
        raw.struct_size = ctypes.sizeof(GestureValues)
        lib.th_event_gesture_get_values(handle, ctypes.byref(raw))
        kind_name = _name(GESTURE_KINDS, gkind.value)
        fields = _KIND_VALUES.get(kind_name, tuple(f for f, _ in GestureValues._fields_ if f != "struct_size"))
        values = {f: getattr(raw, f) for f in fields}
        if "direction" in values:
            values["direction"] = DIRECTIONS.get(values["direction"], values["direction"])
        if "edge" in values:
            values["edge"] = EDGES.get(values["edge"], values["edge"])
        return Gesture(text(name.value), kind_name, _name(GESTURE_STATES, state.value), x.value, y.value,
                       touches.value, time.value, values)
    if kind == STATUS:
        skind, count, detail = ctypes.c_int(), ctypes.c_uint32(), ctypes.c_char_p()
        lib.th_event_status_get_kind(handle, ctypes.byref(skind))
        lib.th_event_status_get_count(handle, ctypes.byref(count))
        if lib.th_event_status_get_detail(handle, ctypes.byref(detail)) != 0:
            detail = ctypes.c_char_p()
        return Status(_name(STATUS_KINDS, skind.value), count.value, text(detail.value), time.value)
    return None


class Events(list):
    """Every event a run produced, in order, with views by type."""

    @property
    def touches(self):
        return [e for e in self if isinstance(e, Touch)]

    @property
    def statuses(self):
        return [e for e in self if isinstance(e, Status)]

    def gestures(self, name=None, state=None):
        """The gesture events, of the recognizer `name` and in `state` when given."""
        return [e for e in self if isinstance(e, Gesture)
                and (name is None or e.name == name) and (state is None or e.state == state)]

    def touch_ids(self):
        """The ids of the touches that began, in order."""
        return [t.id for t in self.touches if t.phase == "began"]
