"""Smoke test of a built bundle (`python main.py package`) in a real window under Xvfb.

Runs when GUILDHALL_BUNDLE names the bundle's folder (.ci/run builds it and sets it); skipped
otherwise, since a build takes a while. Checks that the bundle holds what the app reads, draws the
menu in a window of its own class and title, copies the content to the user's data folder, and
exits cleanly on GUILDHALL_EXIT_AFTER_FIRST_FRAME.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from game import package
from tests.xvfb import app_env, need, running, window_name, window_of_class, xvfb_display

BUNDLE = os.environ.get("GUILDHALL_BUNDLE", "")
pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not BUNDLE, reason="no bundle built (set GUILDHALL_BUNDLE=dist/Guildhall)")]


@pytest.fixture
def dist() -> Path:
    return Path(BUNDLE).resolve().parent


def test_the_bundle_holds_the_fonts_strings_theme_and_content(dist):
    assert package.verify(dist) == []


def test_the_bundle_draws_the_menu_and_exits_on_the_flag(dist, tmp_path):
    home = tmp_path / "home"
    with xvfb_display() as display:
        done = subprocess.run([str(package.executable(dist))], cwd=tmp_path, timeout=120,
                              env=app_env(display, home, GUILDHALL_EXIT_AFTER_FIRST_FRAME="1"),
                              capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (home / "content" / "anludim" / "README.md").is_file()  # the designers' copy


def _screen(display: str) -> bytes:
    return subprocess.run(["xwd", "-root", "-silent", "-display", display], check=True,
                          capture_output=True, timeout=20).stdout


def test_the_bundle_window_shows_the_menu(dist, tmp_path):
    need("xdotool", "xwd")
    with xvfb_display() as display:
        env = app_env(display, tmp_path / "home")
        blank = hashlib.sha256(_screen(display)).hexdigest()
        with running([str(package.executable(dist))], env, tmp_path, log=tmp_path / "output.txt") as app:
            window = window_of_class(env, app)
            assert window, "the bundle opened no window: " + (tmp_path / "output.txt").read_text(encoding="utf-8")
            assert window_name(env, window) == "Guildhall"
            time.sleep(1.0)
            assert hashlib.sha256(_screen(display)).hexdigest() != blank
            assert app.poll() is None, "the bundle exited"
    log = (tmp_path / "home" / "logs" / "guildhall.log").read_text(encoding="utf-8")
    assert "(bundle) starting" in log and "pygame-gui 0." in log  # metadata was bundled


def test_the_bundle_loads_every_games_content_and_draws_its_table(dist, tmp_path):
    """Modules imported by name (rules.<id>, scenes.<id>.table) and pydantic are in the bundle."""
    import rules

    env = dict(os.environ, GUILDHALL_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    exe = str(package.executable(dist))
    check = subprocess.run([exe, "check-content", "--json"], env=env, capture_output=True, text=True,
                           timeout=120)
    assert check.returncode == 0 and '"count": 0' in check.stdout, check.stdout + check.stderr
    for game in rules.IMPLEMENTED:
        out = tmp_path / f"{game}.png"
        shot = subprocess.run([exe, "screenshot", f"{game}_table", "--out", str(out)], env=env,
                              capture_output=True, text=True, timeout=120)
        assert shot.returncode == 0 and out.stat().st_size > 10_000, shot.stderr


def test_a_linux_bundle_adds_itself_to_the_menu(dist, tmp_path):
    from game import desktop

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "xdg"), SDL_VIDEODRIVER="dummy")
    exe = package.executable(dist)
    assert subprocess.run([str(exe), "desktop"], env=env, capture_output=True, timeout=120).returncode == 0
    entry = (tmp_path / "xdg" / "applications" / "guildhall.desktop").read_text(encoding="utf-8")
    fields = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    assert desktop.unquote_exec(fields["Exec"]) == [str(exe)] and fields["Path"] == str(exe.parent)


def test_the_bundle_simulates_in_parallel_and_writes_a_report_with_charts(dist, tmp_path):
    """Worker processes start through the bundle (multiprocessing.freeze_support in main.py), and
    matplotlib has numpy with it."""
    env = dict(os.environ, GUILDHALL_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy")
    exe = str(package.executable(dist))
    sim = subprocess.run([exe, "simulate", "anludim", "--games", "6", "--workers", "2", "--json"], env=env,
                         capture_output=True, text=True, timeout=180)
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout)["errors"] == 0
    report = tmp_path / "report"
    done = subprocess.run([exe, "simulate", "anludim", "--games", "4", "--workers", "1", "--rotate",
                           "--report", str(report)], env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert (report / "report.md").is_file() and list(report.glob("*.png"))
