"""What a one-folder bundle (`python main.py package`) does differently from a checkout.

A bundle's own `content/` sits among its code and may be read-only, so designers edit a copy in
the user's data folder (`paths.user_content_dir()`): on every start each shipped game folder that
the copy lacks is copied there (first start: all of them; a later bundle: its new games; a game
folder deleted by a designer: a fresh one), and the app uses the copy. When the copy cannot be
written the shipped content is used. `open_folder` shows a folder in the OS's file manager.
Nothing here imports pygame, YAML or pydantic: it runs before the first frame.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from game import paths

SHIPPED = Path(__file__).resolve().parent.parent / "content"  # = game.content.CONTENT_ROOT
log = logging.getLogger("guildhall.bundle")


def frozen() -> bool:
    """True inside a PyInstaller bundle."""
    return bool(getattr(sys, "frozen", False))


def prepare_user_content(shipped: Path = SHIPPED, target: Path | None = None) -> Path | None:
    """Copy the shipped game folders missing from `target` (default: the user's content folder);
    returns `target`, or None (use the shipped content) when it cannot be written."""
    import shutil

    target = target or paths.user_content_dir()
    try:
        target.mkdir(parents=True, exist_ok=True)
        for folder in sorted(p for p in shipped.iterdir() if p.is_dir()):
            dest = target / folder.name
            if dest.exists():
                continue
            partial = target / f"{folder.name}.partial"
            shutil.rmtree(partial, ignore_errors=True)
            shutil.copytree(folder, partial)
            os.replace(partial, dest)  # a start interrupted mid-copy leaves no half folder in use
            log.info("copied the shipped content of %s to %s", folder.name, dest)
    except OSError:
        log.exception("the content could not be copied to %s; using the shipped content", target)
        return None
    return target


def open_folder(path: Path) -> bool:
    """Open `path` in the file manager (Explorer, Finder, or the desktop's via xdg-open); False
    when no opener could be started."""
    import shutil
    import subprocess

    try:
        if sys.platform == "win32":
            os.startfile(path)  # type: ignore[attr-defined]
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            if shutil.which(opener) is None:
                return False
            subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        log.exception("could not open %s", path)
        return False
    return True
