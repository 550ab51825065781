"""Touches fed by hand through the C API (th_context_feed_touch), in virtual time."""
import pytest

from touchhost import TouchHostError, version
from touchhost.testing import assert_gesture, assert_no_gesture, assert_touches


def test_the_package_and_the_library_are_one_release():
    from importlib.metadata import version as installed
    assert version() == installed("touchhost")


def tap(ctx, x, y, at_us):
    ctx.touch(0, "down", x, y, at_us)
    ctx.sync()
    ctx.touch(0, "up", x, y, at_us + 60_000)
    ctx.sync()


def test_a_fed_tap_is_a_tap_where_it_was(touchhost_manual):
    ctx = touchhost_manual("tap")
    tap(ctx, 120.0, 80.0, 0)
    ctx.advance(1_000_000)
    gesture = assert_gesture(ctx, "tap", taps=1, x=120.0, y=80.0)
    assert gesture.kind == "tap" and gesture.state == "recognized"
    assert assert_touches(ctx, count=1)


def test_a_fed_drag_to_the_right_is_a_swipe_right(touchhost_manual):
    ctx = touchhost_manual("swipe")
    for step in range(13):
        ctx.touch(0, "down" if step == 0 else "move", 100.0 + 5 * step, 100.0, step * 8_333)
    ctx.touch(0, "up", 160.0, 100.0, 13 * 8_333)
    ctx.advance(1_000_000)
    assert_gesture(ctx, "swipe", direction="right")
    assert_no_gesture(ctx, "swipe", state="cancelled")
    assert_touches(ctx, count=1)


def test_the_assertions_fail_with_what_came(touchhost_manual):
    ctx = touchhost_manual("tap")
    tap(ctx, 50.0, 50.0, 0)
    ctx.advance(1_000_000)
    with pytest.raises(AssertionError, match="gestures: tap recognized"):
        assert_gesture(ctx, "swipe")
    with pytest.raises(AssertionError, match="expected 2 touches, got 1"):
        assert_touches(ctx, count=2)
    with pytest.raises(AssertionError):
        assert_gesture(ctx, "tap", x=90.0)


def test_an_error_of_the_library_is_an_exception_with_its_words(touchhost_manual):
    ctx = touchhost_manual(None)
    with pytest.raises(TouchHostError) as raised:
        ctx.add_recognizers("no-such-gesture")
    assert raised.value.code == -9
    with pytest.raises(TouchHostError):
        ctx.touch(999, "down", 1.0, 1.0, 0)
