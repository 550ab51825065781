"""Assertions for touch tests, on a run's events (an Emulation, a Context or an Events list).
Each failure message lists what did come, so a failing HIL test says what the panel saw."""
import math

from .events import Events, Gesture


def _events(source):
    if isinstance(source, Events):
        return source
    events = getattr(source, "events", source)
    return events if isinstance(events, Events) else Events(events)


def _summary(events):
    gestures = []
    for gesture in events.gestures():
        label = f"{gesture.name} {gesture.state}"
        if gestures and gestures[-1][0] == label:
            gestures[-1][1] += 1
        else:
            gestures.append([label, 1])
    gestures = [label if n == 1 else f"{label} x{n}" for label, n in gestures]
    statuses = [s.kind for s in events.statuses]
    return (f"{len(events.touch_ids())} touches; gestures: {', '.join(gestures) or 'none'}"
            + (f"; statuses: {', '.join(statuses)}" if statuses else ""))


def _matches(gesture, expected, tolerance):
    for key, want in expected.items():
        have = getattr(gesture, key, None)
        if isinstance(want, float) or (isinstance(want, int) and isinstance(have, float)):
            if have is None or not math.isclose(have, want, rel_tol=0, abs_tol=tolerance):
                return False
        elif have != want:
            return False
    return True


def assert_gesture(source, name, state=None, count=None, tolerance=1.0, **expected) -> Gesture:
    """Asserts that the recognizer `name` reported a gesture (in `state` when given; "recognized" or
    "ended" for a finished one when not), `count` times when given, one of them with the `expected`
    values (numbers within `tolerance`: `assert_gesture(run, "swipe", direction="right")`,
    `assert_gesture(run, "tap", taps=2, x=120.0)`). Returns the first that matches."""
    events = _events(source)
    if state is None:
        candidates = [g for g in events.gestures(name) if g.state in ("recognized", "ended")]
    else:
        candidates = events.gestures(name, state)
    if count is not None:
        assert len(candidates) == count, \
            f"expected {count} '{name}' gesture(s){' ' + state if state else ''}, got {len(candidates)}: {_summary(events)}"
    matching = [g for g in candidates if _matches(g, expected, tolerance)]
    wanted = ", ".join(f"{k}={v!r}" for k, v in expected.items())
    assert matching, (f"no '{name}' gesture{' ' + state if state else ''}{' with ' + wanted if wanted else ''}; "
                      f"{_summary(events)}; candidates: {candidates}")
    return matching[0]


def assert_no_gesture(source, name, state=None):
    """Asserts that the recognizer `name` reported nothing (in `state` when given)."""
    events = _events(source)
    found = events.gestures(name, state)
    assert not found, f"unexpected '{name}' gesture(s): {found}; {_summary(events)}"


def assert_touches(source, count=None):
    """Asserts that every touch that began ended or was cancelled exactly once (the library's promise),
    and that `count` touches began when given. Returns the touch ids."""
    events = _events(source)
    began, finished = {}, {}
    for touch in events.touches:
        if touch.phase == "began":
            began[touch.id] = began.get(touch.id, 0) + 1
        elif touch.phase in ("ended", "cancelled"):
            finished[touch.id] = finished.get(touch.id, 0) + 1
    twice = [i for i, n in began.items() if n != 1]
    assert not twice, f"touches began more than once: {twice}"
    unfinished = [i for i in began if finished.get(i) != 1]
    assert not unfinished, f"touches without exactly one end: {unfinished}"
    orphans = [i for i in finished if i not in began]
    assert not orphans, f"touches that ended without beginning: {orphans}"
    if count is not None:
        assert len(began) == count, f"expected {count} touches, got {len(began)}: {_summary(events)}"
    return list(began)


def assert_status(source, kind, minimum=1):
    """Asserts that at least `minimum` status events of `kind` ("device-reset", "frames-lost"...) came."""
    events = _events(source)
    found = [s for s in events.statuses if s.kind == kind]
    assert len(found) >= minimum, f"expected {minimum}+ '{kind}' status(es), got {len(found)}: {_summary(events)}"
    return found
