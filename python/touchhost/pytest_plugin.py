"""The pytest plugin (registered by the package's `pytest11` entry point).

Fixtures:
- `touchhost_emulator`: a factory; `touchhost_emulator(board="kiosk-15", script=..., faults=...,
  seed=..., qemu=False, recognizers="kiosk")` starts an emulator and a context on it (an
  `Emulation`); each is stopped when the test ends.
- `touchhost_manual`: a factory for contexts fed by hand (`ctx.touch(0, "down", x, y, t)`).
Markers: `@pytest.mark.qemu` for tests that need qemu-system-arm (skipped, with the reason, where
it is not installed). Assertions: `touchhost.testing` (`assert_gesture`, `assert_touches`...).
"""
import shutil

import pytest

pytest.register_assert_rewrite("touchhost.testing")

from .context import Context  # noqa: E402
from .emulator import Emulation  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "qemu: needs qemu-system-arm (the firmware on an emulated Cortex-M4)")


def pytest_runtest_setup(item):
    if item.get_closest_marker("qemu") and shutil.which("qemu-system-arm") is None:
        pytest.skip("qemu-system-arm is not installed (Debian: apt-get install qemu-system-arm)")


@pytest.fixture
def touchhost_emulator():
    started = []

    def start(board="kiosk-15", **options):
        emulation = Emulation(board, **options)
        started.append(emulation)
        return emulation

    yield start
    for emulation in started:
        emulation.close()


@pytest.fixture
def touchhost_manual():
    made = []

    def make(recognizers="kiosk", **options):
        context = Context.manual(recognizers=recognizers, **options)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
