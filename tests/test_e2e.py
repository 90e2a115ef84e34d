"""End to end: `python main.py` in a real X window under Xvfb, clicked through with xdotool.

Needs Xvfb, xdotool and xwd (.ci/run installs them). Skipped where they are missing, except
under CI (CI=true), where a missing tool is a failure.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool", "xwd")
pytestmark = pytest.mark.e2e

# Main menu layout at 1280x800 (scenes/menu.py): games on the left, buttons on the right.
SETTINGS_BUTTON = (1022, 311)
ANLUDIM_CARD = (476, 318)


@pytest.fixture
def display():
    from tests.xvfb import need, xvfb_display

    need(*TOOLS)
    with xvfb_display() as name:
        yield name


def _grab(display: str) -> bytes:
    return subprocess.run(["xwd", "-root", "-silent", "-display", display], check=True,
                          capture_output=True, timeout=20).stdout


def _digest(display: str) -> str:
    return hashlib.sha256(_grab(display)).hexdigest()


def _changed(display: str, before: str, timeout: float = 8.0) -> str:
    """Wait until the screen differs from `before`; return the new digest."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = _digest(display)
        if now != before:
            time.sleep(0.4)  # let the frame settle
            return _digest(display)
        time.sleep(0.2)
    raise AssertionError("the screen did not change")


def _settled(display: str, blank: str, timeout: float = 30.0) -> str:
    """Wait until the window shows a drawn frame that stays the same for 0.6 s (a loaded machine
    may take seconds to draw the menu; clicks before that would be lost); return its digest."""
    deadline = time.monotonic() + timeout
    last, same = blank, 0
    while time.monotonic() < deadline:
        time.sleep(0.6)
        now = _digest(display)
        same = same + 1 if now == last else 0
        if same and (now != blank or same >= 5):  # the "blank" grab may already show the menu
            return now
        last = now
    raise AssertionError("the window never showed a settled frame")


def _window(display: str, app: subprocess.Popen) -> str:
    """The app's window on this private display (`tests.xvfb.window_of_class`: a loaded CI
    machine may take a while to open it; 20 s once proved too short)."""
    from tests.xvfb import window_of_class

    window = window_of_class(dict(os.environ, DISPLAY=display), app)
    if not window:
        raise AssertionError(f"no window appeared (the app {'exited' if app.poll() is not None else 'runs'})")
    return window


def _click(display: str, window: str, xy: tuple[int, int]) -> None:
    subprocess.run(["xdotool", "mousemove", "--window", window, str(xy[0]), str(xy[1]),
                    "sleep", "0.2", "click", "1"], check=True, env=dict(os.environ, DISPLAY=display))


def _key(display: str, name: str) -> None:
    subprocess.run(["xdotool", "key", name], check=True, env=dict(os.environ, DISPLAY=display))


def test_menu_settings_and_new_game_in_a_real_window(display, tmp_path):
    from tests.xvfb import app_env, no_traceback, running

    with running([sys.executable, str(ROOT / "main.py")], app_env(display, tmp_path), ROOT,
                 log=tmp_path / "app.log") as app:
        window = _window(display, app)
        blank = _digest(display)
        menu = _settled(display, blank)
        assert app.poll() is None, "the app exited"
        _click(display, window, SETTINGS_BUTTON)
        settings = _changed(display, menu)
        assert settings != menu
        _key(display, "Escape")
        back = _changed(display, settings)
        _click(display, window, ANLUDIM_CARD)
        new_game = _changed(display, back)
        assert new_game not in (menu, settings)
        assert app.poll() is None, "the app exited"
    no_traceback(tmp_path / "app.log")
