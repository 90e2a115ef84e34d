"""`python3 main.py setup`: make `.venv` and install the dependencies, with only the standard library.

Works on a Debian machine that has python3 but not python3-venv's ensurepip: the venv is then
made without pip, and pip is brought in from its wheel on the Python Package Index.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import urllib.request
import venv
from pathlib import Path


def _requirements(root: Path, dev: bool) -> list[str]:
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    if dev:
        reqs += project["optional-dependencies"]["dev"]
    return reqs


def _python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def _bring_pip(env: Path) -> None:
    """Install pip into a venv made without it, from the pip wheel on PyPI."""
    with urllib.request.urlopen("https://pypi.org/pypi/pip/json", timeout=60) as reply:
        urls = json.load(reply)["urls"]
    wheel_url = next(u["url"] for u in urls if u["filename"].endswith(".whl"))
    wheel = env / Path(wheel_url).name
    with urllib.request.urlopen(wheel_url, timeout=120) as reply:
        wheel.write_bytes(reply.read())
    subprocess.check_call([str(_python(env)), f"{wheel}/pip", "install", "-q", str(wheel)])
    wheel.unlink()


def _desktop_entry(root: Path, py: str) -> None:
    """Install the desktop entry with the venv's Python (it draws the icon with pygame); a failure
    is reported but does not fail setup: the app still starts from the terminal."""
    if not sys.platform.startswith("linux"):
        return
    if subprocess.call([py, str(root / "main.py"), "desktop"]) != 0:
        print("the desktop entry could not be installed; `python main.py` still starts Guildhall",
              file=sys.stderr)


def setup(root: Path, dev: bool = False, desktop: bool = True) -> int:
    """Create root/.venv if needed, install the requirements into it and (Linux, unless
    `desktop` is False) the desktop entry that starts the app from the applications menu."""
    env = root / ".venv"
    if not _python(env).exists():
        try:
            venv.create(env, with_pip=True)
        except (subprocess.CalledProcessError, OSError):
            venv.create(env, with_pip=False, clear=True)
            _bring_pip(env)
    py = str(_python(env))
    if subprocess.call([py, "-m", "pip", "--version"], stdout=subprocess.DEVNULL) != 0:
        _bring_pip(env)
    quiet = ["-q", "--disable-pip-version-check"]
    code = subprocess.call([py, "-m", "pip", "install", *quiet, *_requirements(root, dev)])
    if code == 0 and desktop:
        _desktop_entry(root, py)
    return code
