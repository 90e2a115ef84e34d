"""The support log: `guildhall.log` in the user's log folder, rotated so it never grows without bound.

`attach(folder)` gives the "guildhall" logger a `RotatingFileHandler` on `folder/guildhall.log`
(512 KB, three old generations kept as `.1`..`.3`); attaching again to another folder (tests give
each app its own GUILDHALL_HOME) moves the handler. `App.log_exception` writes every caught error
there with its traceback; `startup_lines()` is what the app writes first, so a bug report says which
version ran on which system. Only the standard library is imported, and library versions are read
from modules already imported (or from package metadata, after the first frame), so start-up stays fast.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
from pathlib import Path

LOGGER = "guildhall"
FILE_NAME = "guildhall.log"
MAX_BYTES = 512 * 1024
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LIBRARIES = ("pygame-ce", "pygame-gui", "PyYAML", "pydantic", "platformdirs")


def _handler(logger: logging.Logger) -> logging.handlers.RotatingFileHandler | None:
    return next((h for h in logger.handlers if isinstance(h, logging.handlers.RotatingFileHandler)), None)


def attach(folder: Path) -> Path:
    """Log the "guildhall" logger (INFO and up) to `folder/guildhall.log`; returns that path."""
    path = Path(folder) / FILE_NAME
    logger = logging.getLogger(LOGGER)
    current = _handler(logger)
    if current is not None and Path(current.baseFilename) == path.resolve():
        return path
    if current is not None:
        logger.removeHandler(current)
        current.close()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                   encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter(FORMAT))
    logger.addHandler(handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return path


def current_file() -> Path | None:
    """The file the "guildhall" logger writes to, if attached."""
    handler = _handler(logging.getLogger(LOGGER))
    return Path(handler.baseFilename) if handler else None


def library_versions() -> dict[str, str]:
    """Installed versions of the libraries the app uses (package metadata; "?" when absent)."""
    from importlib import metadata

    out = {}
    for name in LIBRARIES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "?"
    return out


def startup_lines(app_version: str) -> list[str]:
    """App version, OS, Python, SDL and library versions, one fact per line."""
    import pygame

    frozen = " (bundle)" if getattr(sys, "frozen", False) else ""
    libs = ", ".join(f"{k} {v}" for k, v in library_versions().items())
    sdl = ".".join(str(p) for p in pygame.get_sdl_version())
    return [f"Guildhall {app_version}{frozen} starting",
            f"OS: {platform.system()} {platform.release()} ({platform.machine()})",
            f"Python {platform.python_version()} ({platform.python_implementation()}) at {sys.executable}",
            f"SDL {sdl}, video driver {_driver()}; {libs}"]


def _driver() -> str:
    import pygame

    try:
        return pygame.display.get_driver()
    except pygame.error:
        return "none"
