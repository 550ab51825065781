"""The emulator as a HIL test sees it: the firmware on a board (in-process through `emulate:`, or as
`touchhost emulate` with faults, or on QEMU's Cortex-M4), a script of stimuli, events collected."""
import pathlib

import pytest

from touchhost import TouchHostError
from touchhost.testing import assert_gesture, assert_status, assert_touches

SCENARIOS = pathlib.Path(__file__).resolve().parents[2] / "Tests" / "HIL" / "scenarios"

SWIPE = "0ms drag from 100 100 to 160 100 in 300ms\n"


@pytest.mark.parametrize("board", ["panel-7", "kiosk-15", "kiosk-22"])
def test_a_scripted_tap_on_every_board(touchhost_emulator, board):
    run = touchhost_emulator(board, script="0ms tap 60 40\n")
    run.play()
    assert run.context.disconnected, "the emulator hangs up after its script"
    assert_gesture(run, "tap", taps=1, x=60.0, y=40.0, tolerance=3.0)
    assert_touches(run, count=1)


def test_a_script_file_from_the_hil_scenarios(touchhost_emulator):
    run = touchhost_emulator("kiosk-15", script=SCENARIOS / "swipe.touch")
    run.play()
    assert_gesture(run, "swipe", direction="right")
    assert_touches(run, count=1)


def test_the_device_describes_itself(touchhost_emulator):
    run = touchhost_emulator("kiosk-22", script="0ms tap 60 40\n")
    run.play(until=lambda events: run.context.device_info() is not None)
    info = run.context.device_info()
    assert info["board"] == "kiosk-22"
    assert info["panel"] == pytest.approx((476.0, 268.0))


def test_an_unknown_board_is_an_error_naming_the_known_ones(touchhost_emulator):
    with pytest.raises(TouchHostError, match="kiosk-15"):
        touchhost_emulator("no-such-board")


def test_a_controller_reset_mid_script_cancels_its_touches(touchhost_emulator):
    run = touchhost_emulator("kiosk-15", faults="reset", script="0ms hold 100 100 for 2000ms\n")
    run.play()
    assert_status(run, "device-reset")
    assert_touches(run)
    assert [t.phase for t in run.touches if t.phase in ("ended", "cancelled")] == ["cancelled"]


def test_byte_loss_on_the_link_loses_frames_but_no_touch_ends_twice(touchhost_emulator):
    run = touchhost_emulator("kiosk-15", faults="byte-loss=20,seed=7", script=SWIPE + "600ms tap 60 40\n")
    run.play()
    assert {s.kind for s in run.statuses} & {"frames-lost", "resync"}
    assert_touches(run)


@pytest.mark.qemu
def test_the_firmware_on_qemus_cortex_m4_sees_a_tap(touchhost_emulator):
    # A tap, not a flick: a stimulus may reach QEMU's UART a scan or two late on a busy machine,
    # which slows a flick below a swipe's speed but leaves a tap a tap.
    run = touchhost_emulator(qemu=True, script=SCENARIOS / "tap.touch")
    run.play(seconds=120)
    assert run.board == "mps2-an386"
    info = run.context.device_info()
    assert info is not None and info["board"] == "kiosk-15", info
    assert_touches(run)
    # As below: when the CLI says QEMU's UART input stalled, the tap may have come and gone between
    # scans; every touch still begins and ends exactly once.
    if "late" not in run.emulator_stderr:
        assert_gesture(run, "tap", taps=1, x=120.0, y=80.0, tolerance=3.0)
        assert_touches(run, count=1)


@pytest.mark.qemu
def test_noise_bursts_in_the_firmware_on_qemu_add_no_touch_and_lose_no_tap(touchhost_emulator):
    # The HIL scenario's own fault: charger-like noise at 5 % of the scans, injected into the firmware.
    run = touchhost_emulator(qemu=True, faults="noise=50,seed=7", script=SCENARIOS / "noise.touch")
    run.play(seconds=120)
    assert_touches(run)
    # QEMU's UART input can stall on a busy machine; the CLI says so ("a stimulus reached the firmware
    # N ms late"), and then a tap may have come and gone between two scans. Only then is the count
    # not asked for; every touch still begins and ends exactly once.
    if "late" not in run.emulator_stderr:
        assert_touches(run, count=4)
        assert_gesture(run, "tap", count=4)
