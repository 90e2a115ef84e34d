"""`main.py setup`'s choice of interpreter: the fastest CPython 3.11+ found, the running one
unless another is clearly faster, `--python` when given."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from game import bootstrap


def test_choose_takes_a_clearly_faster_interpreter() -> None:
    times = {"/run/python": 0.030, "/usr/bin/python3": 0.021, "/other/python3.12": 0.025}
    assert bootstrap.choose(times, "/run/python") == "/usr/bin/python3"


def test_choose_keeps_the_running_interpreter_within_the_margin() -> None:
    times = {"/run/python": 0.030, "/usr/bin/python3": 0.030 * 0.97}  # 3 % faster: noise
    assert bootstrap.choose(times, "/run/python") == "/run/python"
    times = {"/run/python": 0.030, "/usr/bin/python3": 0.030 * bootstrap.MARGIN}
    assert bootstrap.choose(times, "/run/python") == "/usr/bin/python3"


def test_choose_keeps_the_running_interpreter_when_nothing_else_could_be_timed() -> None:
    assert bootstrap.choose({"/run/python": 0.03, "/usr/bin/python3": None}, "/run/python") == "/run/python"
    assert bootstrap.choose({"/run/python": None, "/usr/bin/python3": 0.01}, "/run/python") == "/run/python"
    assert bootstrap.choose({}, "/run/python") == "/run/python"


def _fake_python(folder: Path, name: str, says: str) -> str:
    path = folder / name
    path.write_text(f"#!/bin/sh\necho '{says}'\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.mark.skipif(os.name != "posix", reason="shell-script stand-ins for interpreters")
def test_time_refuses_old_or_broken_interpreters(tmp_path: Path) -> None:
    assert bootstrap._time(_fake_python(tmp_path, "py310", "3 10 0.01")) is None
    assert bootstrap._time(_fake_python(tmp_path, "garbled", "Python 3.12.1")) is None
    assert bootstrap._time(str(tmp_path / "missing")) is None
    assert bootstrap._time(_fake_python(tmp_path, "py312", "3 12 0.0125")) == 0.0125


def test_time_runs_the_probe_in_the_running_interpreter() -> None:
    best = bootstrap._time(sys.executable)
    assert best is not None and 0 < best < 10


def test_candidates_start_with_the_running_interpreter_each_file_once() -> None:
    found = bootstrap._candidates()
    assert found[0] == sys.executable
    real = [os.path.realpath(p) for p in found]
    assert len(real) == len(set(real))


def test_setup_makes_the_venv_on_the_python_given_without_timing(tmp_path: Path, monkeypatch) -> None:
    made: list[tuple[Path, str]] = []
    monkeypatch.setattr(bootstrap, "_pick_python", lambda: pytest.fail("timed although --python was given"))
    monkeypatch.setattr(bootstrap, "_make_venv", lambda env, python: made.append((env, python)))
    monkeypatch.setattr(bootstrap, "_bring_pip", lambda env: None)
    monkeypatch.setattr(bootstrap.subprocess, "call", lambda *a, **k: 0)
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["x"]\n[project.optional-dependencies]\ndev = []\n')
    assert bootstrap.setup(tmp_path, desktop=False, python="/usr/bin/python3") == 0
    assert made == [(tmp_path / ".venv", "/usr/bin/python3")]


def test_setup_keeps_an_existing_venv(tmp_path: Path, monkeypatch) -> None:
    python = bootstrap._python(tmp_path / ".venv")
    python.parent.mkdir(parents=True)
    python.write_text("")
    monkeypatch.setattr(bootstrap, "_pick_python", lambda: pytest.fail("timed although .venv exists"))
    monkeypatch.setattr(bootstrap, "_make_venv", lambda env, p: pytest.fail("made again"))
    monkeypatch.setattr(bootstrap.subprocess, "call", lambda *a, **k: 0)
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["x"]\n[project.optional-dependencies]\ndev = []\n')
    assert bootstrap.setup(tmp_path, desktop=False) == 0


def test_pick_python_keeps_each_candidates_best_over_the_rounds(monkeypatch) -> None:
    """A run slowed by a busy machine does not decide: each candidate is timed in turn, its best kept."""
    runs = {sys.executable: [0.010, 0.0047, 0.0046], "/sys/python3": [0.0049, 0.0036, 0.0037],
            "/broken/python3.12": [None]}
    monkeypatch.setattr(bootstrap, "_candidates", lambda: list(runs))
    monkeypatch.setattr(bootstrap, "_time", lambda python: runs[python].pop(0))
    assert bootstrap._pick_python() == "/sys/python3"
    assert runs == {sys.executable: [], "/sys/python3": [], "/broken/python3.12": []}  # not timed again
