"""The Linux desktop entry (game/desktop.py), the icon, setup's --no-desktop, and the entry's Exec
line started under Xvfb the way a desktop launcher starts it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main
from game import bootstrap, desktop
from tests.xvfb import app_env, need, running, window_name, window_of_class, xvfb_display

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    folder = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder


def _fields(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def test_entry_names_the_venv_python_main_py_and_the_checkout():
    fields = _fields(desktop.entry_text())
    assert desktop.unquote_exec(fields["Exec"]) == [sys.executable, str(ROOT / "main.py")]
    assert fields["Path"] == str(ROOT) and fields["TryExec"] == sys.executable
    assert fields["Categories"] == "Game;BoardGame;"
    assert fields["Icon"] == "guildhall" and fields["Terminal"] == "false"
    assert fields["Comment"] != fields["Comment[fr]"] and "joueurs" in fields["Comment[fr]"]
    assert fields["GenericName[fr]"] == "Jeux de société"
    assert fields["StartupWMClass"] == "guildhall"


@pytest.mark.parametrize("arg", ["/opt/my games/python", "/home/o'neil/$HOME/a\\b", 'say "hi"', "100%"])
def test_exec_arguments_with_reserved_characters_round_trip(arg):
    line = desktop.exec_line([arg, "/x/main.py"])
    assert desktop.unquote_exec(line) == [arg, "/x/main.py"]


def test_install_writes_a_valid_entry_and_three_icons_and_remove_takes_them_away(xdg, capsys):
    assert main.main(["desktop"]) == 0
    entry = xdg / "applications" / "guildhall.desktop"
    assert entry.is_file()
    for n in (48, 128, 256):
        icon = pygame.image.load(str(xdg / "icons" / "hicolor" / f"{n}x{n}" / "apps" / "guildhall.png"))
        assert icon.get_size() == (n, n)
        assert icon.get_at((n // 2, n // 2)).a == 255 and icon.get_at((0, 0)).a == 0  # round, on transparency
    need("desktop-file-validate")
    check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert check.returncode == 0 and not check.stdout.strip(), check.stdout + check.stderr
    assert main.main(["desktop", "--remove"]) == 0
    assert not entry.exists()
    assert not list((xdg / "icons").rglob("*.png"))
    assert main.main(["desktop", "--remove", "--json"]) == 0  # nothing left: still fine
    assert '"removed": []' in capsys.readouterr().out


def _fake_project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / ".venv" / "bin").mkdir(parents=True)
    (root / ".venv" / "bin" / "python").write_text("", encoding="utf-8")
    (root / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return root


@pytest.mark.parametrize("wanted", [True, False])
def test_setup_installs_the_desktop_entry_unless_told_not_to(tmp_path, monkeypatch, wanted):
    calls: list[list[str]] = []
    monkeypatch.setattr(bootstrap.subprocess, "call", lambda cmd, **kw: calls.append(cmd) or 0)
    monkeypatch.setattr(bootstrap.sys, "platform", "linux")
    root = _fake_project(tmp_path)
    assert bootstrap.setup(root, desktop=wanted) == 0
    desktop_calls = [c for c in calls if c[-1] == "desktop"]
    assert desktop_calls == ([[str(root / ".venv" / "bin" / "python"), str(root / "main.py"), "desktop"]]
                             if wanted else [])


def test_a_failed_desktop_entry_does_not_fail_setup(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bootstrap.subprocess, "call", lambda cmd, **kw: 1 if cmd[-1] == "desktop" else 0)
    monkeypatch.setattr(bootstrap.sys, "platform", "linux")
    assert bootstrap.setup(_fake_project(tmp_path)) == 0
    assert "desktop entry could not be installed" in capsys.readouterr().err


def test_main_passes_no_desktop_to_setup(monkeypatch):
    seen = {}
    monkeypatch.setattr(bootstrap, "setup", lambda root, **kw: seen.update(kw) or 0)
    assert main.main(["setup", "--no-desktop"]) == 0
    assert seen == {"dev": False, "desktop": False, "python": None}


@pytest.mark.e2e
def test_the_entry_exec_line_opens_the_menu_under_xvfb(xdg, tmp_path):
    """What a launcher does: run Exec in Path; the app draws the menu and exits on the flag."""
    assert main.main(["desktop"]) == 0
    fields = _fields((xdg / "applications" / "guildhall.desktop").read_text(encoding="utf-8"))
    argv, cwd = desktop.unquote_exec(fields["Exec"]), fields["Path"]
    with xvfb_display() as display:
        env = app_env(display, tmp_path / "home", GUILDHALL_EXIT_AFTER_FIRST_FRAME="1")
        done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.e2e
def test_the_window_carries_the_entry_class_and_the_title(tmp_path):
    """The desktop matches the window to its entry by WM_CLASS; the title says Guildhall."""
    need("xdotool")
    with xvfb_display() as display:
        env = app_env(display, tmp_path / "home")
        with running(desktop.launch_argv(), env, desktop.working_dir()) as app:
            window = window_of_class(env, app)
            assert window, "no window of class guildhall"
            assert window_name(env, window) == "Guildhall"
    assert os.path.exists(tmp_path / "home")


def test_desktop_before_setup_says_to_run_setup(monkeypatch, capsys):
    def no_pygame():
        raise ImportError("No module named 'pygame'", name="pygame")

    monkeypatch.setattr(desktop, "install", no_pygame)
    assert main.main(["desktop"]) == 1
    assert "pygame is missing: run `python3 main.py setup`" in capsys.readouterr().err
