"""A private Xvfb display for tests that start the app as people do (desktop entry, bundle).

`xvfb_display()` yields a display name such as ":151"; without Xvfb the test is skipped, except
under CI (CI=true), where a missing Xvfb is a failure. Same start-up as tests/test_e2e.py.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


def need(*tools: str) -> None:
    """Skip (or fail under CI) when one of `tools` is not on PATH."""
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"tools missing under CI: {missing}")
        pytest.skip(f"missing {missing}")


@contextlib.contextmanager
def xvfb_display(size: str = "1280x800x24") -> Iterator[str]:
    """Start Xvfb on a free display number; stop it afterwards."""
    need("Xvfb")
    number = next(n for n in range(200, 260) if not Path(f"/tmp/.X11-unix/X{n}").exists()
                  and not Path(f"/tmp/.X{n}-lock").exists())
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", size, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.1)
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def app_env(display: str, home: Path, **extra: str) -> dict[str, str]:
    """The environment of an app started on `display` with its own GUILDHALL_HOME."""
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", GUILDHALL_HOME=str(home), **extra)
    env.pop("SDL_VIDEODRIVER", None)
    return env


@contextlib.contextmanager
def running(argv: list[str], env: dict[str, str], cwd: Path | str, log: Path | None = None
            ) -> Iterator[subprocess.Popen]:
    """Start `argv` (its output into `log`, or nowhere) and stop it afterwards, killing it if it
    does not stop within 10 s."""
    out = log.open("w", encoding="utf-8") if log is not None else None
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out or subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        if out is not None:
            out.close()


def window_of_class(env: dict[str, str], proc: subprocess.Popen, classname: str = "guildhall",
                    timeout: float = 120.0) -> str:
    """The id of the first window of `classname` while `proc` runs ("" if none came in `timeout`
    seconds: a loaded CI machine can be slow to open it)."""
    def search() -> list[str]:
        return subprocess.run(["xdotool", "search", "--classname", classname], env=env,
                              capture_output=True, text=True).stdout.split()

    found: list[str] = []
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
        now = search()
        if now and now == found:  # the same windows twice in a row: the window is settled (a loaded
            break                 # CI machine once handed over an id that was gone at the first click)
        found = now
    return found[0] if found else ""


def window_name(env: dict[str, str], window: str) -> str:
    """The title of `window`."""
    return subprocess.run(["xdotool", "getwindowname", window], env=env, capture_output=True,
                          text=True).stdout.strip()


def no_traceback(log: Path) -> None:
    """The app's output in `log` holds no traceback."""
    output = log.read_text(errors="replace")
    assert "Traceback" not in output, output[-2000:]


def no_error_logged(home: Path) -> None:
    """The app's log files under `home` hold no ERROR line and no traceback (a scene that raised
    becomes a message and a log line, so the window alone would not show it)."""
    logs = list((home / "logs").glob("*.log")) if (home / "logs").exists() else []
    problems = [line for p in logs for line in p.read_text(errors="replace").splitlines()
                if " ERROR " in line or "Traceback" in line]  # the log also holds start-up INFO lines
    assert not problems, f"a scene raised in the window: {problems[:3]}"
