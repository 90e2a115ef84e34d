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
