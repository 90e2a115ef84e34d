"""Opt-in end to end: Ambre's childhood in a real X window (Xvfb + xdotool), three people typing
their characters' names and motivations with real keystrokes behind the curtain.

Runs with the other end-to-end tests (`-m e2e`, tools from .ci/run); skipped where the tools are
missing. The whole games by clicks are in test_table.py (SDL dummy driver, real pygame events).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_e2e import _changed, _click, _digest, _key, _settled, _window, display  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.e2e

AMBRE_CARD = (476, 550)      # the menu at 1280x800
START = (1100, 743)          # the new-game screen
REVEAL = (640, 678)          # the curtain's reveal button
CLOSE_SUMMARY = (5, 5)       # "since your last turn" closes on any click


def _type(screen: str, text: str) -> None:
    subprocess.run(["xdotool", "type", "--delay", "30", "--", text], check=True, env=dict(os.environ, DISPLAY=screen))


def test_three_people_type_their_characters_in_a_real_window(display, tmp_path):  # noqa: F811
    from tests.xvfb import app_env, no_traceback, running

    with running([sys.executable, str(ROOT / "main.py")], app_env(display, tmp_path), ROOT,
                 log=tmp_path / "app.log") as app:
        window = _window(display, app)
        screen = _settled(display, _digest(display))
        _click(display, window, AMBRE_CARD)
        screen = _changed(display, screen)
        _click(display, window, START)
        screen = _changed(display, screen)
        for i, name in enumerate(("Morgane", "Bastien", "Iseult")):
            _click(display, window, REVEAL)
            screen = _changed(display, screen)
            if i:
                _click(display, window, CLOSE_SUMMARY)
                time.sleep(0.6)
            _type(display, name)
            _key(display, "Tab")
            _type(display, f"Je veux {i}")
            _key(display, "Return")
            screen = _changed(display, screen)
        assert app.poll() is None, "the app exited"
    no_traceback(tmp_path / "app.log")
    saves = [json.loads(p.read_text()) for p in tmp_path.rglob("*.json") if '"ambre"' in p.read_text()]
    actions = [a for s in saves for _, a in s.get("actions", [])]
    typed = {a["name"]: a["motivation"] for a in actions if a.get("type") == "character"}
    assert typed == {"Morgane": "Je veux 0", "Bastien": "Je veux 1", "Iseult": "Je veux 2"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_game_in_a_real_window(display, tmp_path, lang):  # noqa: F811
    """The dummy-driver game of test_table.py, but in a real X window (real SDL events)."""
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", GUILDHALL_HOME=str(tmp_path))
    env.pop("SDL_VIDEODRIVER", None)
    done = subprocess.run([sys.executable, "-m", "tests.ambre.window_game", lang, str(tmp_path / "shots")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    story = Path(done.stdout.strip().splitlines()[-1])
    assert story.exists() and story.read_text(encoding="utf-8").startswith("#")
    assert len(list((tmp_path / "shots").glob("*.png"))) >= 12
