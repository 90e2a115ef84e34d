"""`python main.py desktop [--remove]`: Guildhall in the desktop's application menu (Linux, per user).

Writes `guildhall.desktop` to `$XDG_DATA_HOME/applications` (default `~/.local/share`) and the
icon drawn by `sprites.icon` at 48, 128 and 256 px to `$XDG_DATA_HOME/icons/hicolor/<n>x<n>/apps`.
The entry's Exec runs the Python that ran this command (the project's `.venv` when `setup` calls
it) on this checkout's `main.py`, with `Path=` the checkout; a PyInstaller bundle points at its own
executable. `python3 main.py setup` installs the entry unless given `--no-desktop`.
Texts come from the catalog (`desktop.*` in game/strings/core.yaml), English first, then `[fr]`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "guildhall"
ENTRY_NAME = f"{APP_ID}.desktop"
ICON_SIZES = (48, 128, 256)
# Characters that make an Exec argument need double quotes (Desktop Entry spec, "The Exec key").
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def supported() -> bool:
    """True where desktop entries are the way apps appear in menus (freedesktop systems)."""
    return sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly"))


def data_home() -> Path:
    """$XDG_DATA_HOME when set to an absolute path, else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local" / "share"


def entry_path() -> Path:
    """Where the per-user desktop entry lives."""
    return data_home() / "applications" / ENTRY_NAME


def icon_paths() -> dict[int, Path]:
    """Size -> where the per-user hicolor icon of that size lives."""
    base = data_home() / "icons" / "hicolor"
    return {n: base / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES}


def launch_argv() -> list[str]:
    """What starts the app: the bundle's executable, or this Python on this checkout's main.py."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, str(ROOT / "main.py")]


def working_dir() -> Path:
    """The folder the app starts in: the bundle's folder or the checkout."""
    return Path(sys.executable).resolve().parent if getattr(sys, "frozen", False) else ROOT


def _escape(value: str) -> str:
    """A desktop-entry string value: backslashes and control characters escaped."""
    return (value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def quote_arg(arg: str) -> str:
    """One Exec argument, double-quoted when it holds a reserved character."""
    arg = arg.replace("%", "%%")
    if not any(c in _RESERVED for c in arg):
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{inner}"'


def exec_line(argv: list[str]) -> str:
    """The Exec value (already escaped as a desktop-entry string)."""
    return _escape(" ".join(quote_arg(a) for a in argv))


def unquote_exec(value: str) -> list[str]:
    """Inverse of `exec_line` for the values it writes (used by tests and `desktop --print`)."""
    value = value.replace("\\\\", "\\")  # the string-level escape of a backslash
    args, cur, quoted, i, started = [], [], False, 0, False
    while i < len(value):
        c = value[i]
        if quoted and c == "\\" and i + 1 < len(value):
            cur.append(value[i + 1])
            i += 2
            continue
        if c == '"':
            quoted, started = not quoted, True
        elif c == " " and not quoted:
            if cur or started:
                args.append("".join(cur))
            cur, started = [], False
        else:
            cur.append(c)
        i += 1
    if cur or started:
        args.append("".join(cur))
    return [a.replace("%%", "%") for a in args]


def entry_text(argv: list[str] | None = None, workdir: Path | None = None) -> str:
    """The desktop entry, with English texts and their French translations."""
    from game.i18n import Strings

    en, fr = Strings("en"), Strings("fr")

    def both(key: str, field: str) -> list[str]:
        return [f"{field}={_escape(en.tr(key))}", f"{field}[fr]={_escape(fr.tr(key))}"]

    lines = ["[Desktop Entry]", "Type=Application", "Version=1.4",
             *both("desktop.name", "Name"), *both("desktop.generic", "GenericName"),
             *both("desktop.comment", "Comment"), *both("desktop.keywords", "Keywords"),
             f"Icon={APP_ID}",
             f"TryExec={_escape((argv or launch_argv())[0])}",  # hidden from menus if .venv goes away
             f"Exec={exec_line(argv or launch_argv())}",
             f"Path={_escape(str(workdir or working_dir()))}",
             "Terminal=false", "Categories=Game;BoardGame;", "StartupNotify=true",
             f"StartupWMClass={APP_ID}"]
    return "\n".join(lines) + "\n"


def install() -> list[Path]:
    """Write the entry and the icons; returns the files written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # drawing the icon needs no window
    import pygame

    from sprites.icon import icon

    written = []
    for size, path in icon_paths().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(icon(size), str(path))
        written.append(path)
    entry = entry_path()
    entry.parent.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_name(entry.name + ".tmp")
    tmp.write_text(entry_text(), encoding="utf-8")
    os.replace(tmp, entry)
    written.append(entry)
    return written


def remove() -> list[Path]:
    """Delete the entry and the icons; returns the files that were there."""
    gone = []
    for path in [entry_path(), *icon_paths().values()]:
        if path.exists():
            path.unlink()
            gone.append(path)
    return gone


def run(args: Any) -> int:
    """The `desktop` command."""
    import json

    def fail(message: str, code: int) -> int:
        print(json.dumps({"error": message}) if args.json else message,
              file=sys.stdout if args.json else sys.stderr)
        return code

    if not supported():
        return fail("desktop entries are for Linux; on Windows and macOS use `python main.py package`", 2)
    try:
        files = remove() if args.remove else install()
    except OSError as exc:
        return fail(f"desktop entry: {exc}", 1)
    except ImportError as exc:  # the system's python3 before setup: no pygame to draw the icon
        return fail(f"{exc.name} is missing: run `python3 main.py setup` (it installs the entry)", 1)
    verb = "removed" if args.remove else "installed"
    if args.json:
        print(json.dumps({verb: [str(p) for p in files]}))
    else:
        print(f"{verb}: " + (", ".join(str(p) for p in files) or "nothing was installed"))
    return 0
