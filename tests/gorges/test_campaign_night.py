"""Issue 11, done when: a campaign night of three generals through a season in a real X window
(Xvfb), with at least two battles, a conquest save and an alliance, every roll of phases 1-4
followed step by step; the robot organiser only clicks (tests/gorges/campaign_night.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xvfb import xvfb_display

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_season_with_battles_a_save_and_an_alliance_in_a_real_window(tmp_path):
    with xvfb_display() as display:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        run = subprocess.run([sys.executable, "-m", "tests.gorges.campaign_night", "fr", "1280x800", str(tmp_path)],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    line = next(row for row in run.stdout.splitlines() if row.startswith("stats "))
    stats = json.loads(line.removeprefix("stats "))
    assert stats["battles_logged"] >= 2 and stats["saves_rolled"] >= 1 and stats["alliance"]
    assert stats["steps"] > 10
    assert len(list(tmp_path.glob("*.png"))) > 20
