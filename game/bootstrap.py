"""`python3 main.py setup`: make `.venv` and install the dependencies, with only the standard library.

Works on a Debian machine that has python3 but not python3-venv's ensurepip: the venv is then
made without pip, and pip is brought in from its wheel on the Python Package Index.

Which Python the venv is made on: the fastest CPython 3.11+ found on the machine (the one running
setup, the system's `python3` on the OS's default PATH, and `python3.11`…`python3.13` on the
PATH), timed on a short loop of the kind the engines and bots run. Builds differ more than versions: Linux
distributions compile CPython with profile-guided and link-time optimisation, while a version
manager such as pyenv by default does not (on the developers' machines Debian's 3.11 played
Amadrim's bot games 13–25 % faster than pyenv's 3.11 build, whose `python3` came first on the
PATH). Another interpreter is taken only when it is clearly faster (`MARGIN`); `--python PATH`
chooses one; an existing `.venv` is kept as it is.
"""

from __future__ import annotations

import json
import os
import shutil
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


MARGIN = 0.95  # another interpreter must take at most 95 % of the running one's time
MIN_VERSION = (3, 11)

#: Timed in each candidate interpreter: calls, keyword arguments, attributes, small dicts, lists
#: and tuples, as in the engines and bots (best of 9 runs of 5–10 ms of the process's CPU time,
#: which other processes on the cores do not lengthen as they do wall time); prints the
#: interpreter's version and the best time.
PROBE = """
import sys, time
class U:
    def __init__(self, uid, cell, level): self.id, self.cell, self.level, self.moved = uid, cell, level, False
def around(cell):
    x, y = cell
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and 0 <= x + dx < 8 and 0 <= y + dy < 8]
def score(u, cell, w, seen):
    v = w.get("base", 0.0) + (u.level or 0) * w["level"]
    if cell in seen:
        v -= seen[cell]
    return v
def say(log, key, **params):
    log.append({"key": key, "params": params})
cells = [(x, y) for x in range(8) for y in range(8)]
w = {"base": 1.0, "level": 0.5}
best = 1e9
for _ in range(9):
    t = time.process_time()
    for game in range(60):
        units = {i: U(i, cells[(i * 7 + game) % 64], i % 4) for i in range(12)}
        log, seen = [], {}
        for uid, u in units.items():
            for c in around(u.cell):
                s = score(u, c, w, seen)
                seen[c] = seen.get(c, 0) + 1
                if s > 0.5:
                    say(log, "moved", unit=uid, cell=c, steps=len(log) % 3)
        sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))
    best = min(best, time.process_time() - t)
print(sys.version_info[0], sys.version_info[1], best)
"""


def _candidates() -> list[str]:
    """The interpreters setup may make the venv on: the running one first, then the system's
    and those on the PATH (each file once)."""
    names = [sys.executable]
    system = shutil.which("python3", path=os.defpath)  # the system's own, on its default PATH
    if system:
        names.append(system)
    names += [found for v in ("3.13", "3.12", "3.11") if (found := shutil.which(f"python{v}"))]
    out: list[str] = []
    real: set[str] = set()
    for name in names:
        path = os.path.realpath(name)
        if os.path.isfile(path) and os.access(path, os.X_OK) and path not in real:
            real.add(path)
            out.append(name)
    return out


def _time(python: str) -> float | None:
    """The probe's best time in `python`, or None when it is not a usable CPython 3.11+."""
    try:
        done = subprocess.run([python, "-I", "-c", PROBE], capture_output=True, text=True, timeout=60)
        major, minor, best = done.stdout.split()
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
    if done.returncode != 0 or (int(major), int(minor)) < MIN_VERSION:
        return None
    return float(best)


def choose(times: dict[str, float | None], running: str) -> str:
    """The interpreter to make the venv on: the fastest, unless the running one is within
    `MARGIN` of it (or no other could be timed)."""
    timed = {python: t for python, t in times.items() if t is not None}
    base = timed.get(running)
    if not timed or base is None:
        return running
    fastest = min(timed, key=timed.__getitem__)
    return fastest if timed[fastest] <= base * MARGIN else running


ROUNDS = 3


def _pick_python() -> str:
    """The interpreter to make the venv on (`choose`), each candidate timed `ROUNDS` times in
    turn and kept at its best: on a busy machine (other processes on the cores) one run of each
    could flip the answer, the best of runs taken in turn seldom does."""
    times = {python: _time(python) for python in _candidates()}
    for _ in range(ROUNDS - 1):
        for python, best in times.items():
            if best is not None:
                again = _time(python)
                times[python] = best if again is None else min(best, again)
    chosen = choose(times, sys.executable)
    if chosen != sys.executable:
        gain = 1 - times[chosen] / times[sys.executable]  # type: ignore[operator]
        print(f"setup: .venv made on {chosen} ({gain:.0%} faster here than {sys.executable})")
    return chosen


def _make_venv(env: Path, python: str) -> None:
    """`python -m venv env`, with pip, or without it when that Python has no ensurepip."""
    if os.path.realpath(python) == os.path.realpath(sys.executable):
        try:
            venv.create(env, with_pip=True)
        except (subprocess.CalledProcessError, OSError):
            venv.create(env, with_pip=False, clear=True)
        return
    if subprocess.call([python, "-m", "venv", str(env)]) != 0:
        subprocess.check_call([python, "-m", "venv", "--clear", "--without-pip", str(env)])


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


def setup(root: Path, dev: bool = False, desktop: bool = True, python: str | None = None) -> int:
    """Create root/.venv if needed (on `python`, else on the fastest interpreter found), install
    the requirements into it and (Linux, unless `desktop` is False) the desktop entry that
    starts the app from the applications menu."""
    env = root / ".venv"
    if not _python(env).exists():
        _make_venv(env, python or _pick_python())
    py = str(_python(env))
    if subprocess.call([py, "-m", "pip", "--version"], stdout=subprocess.DEVNULL) != 0:
        _bring_pip(env)
    quiet = ["-q", "--disable-pip-version-check"]
    code = subprocess.call([py, "-m", "pip", "install", *quiet, *_requirements(root, dev)])
    if code == 0 and desktop:
        _desktop_entry(root, py)
    return code
