"""Where the app keeps what it writes: settings, saves and logs.

By default these are the platform's user folders (platformdirs, app name "guildhall"). Setting the
environment variable `GUILDHALL_HOME` puts everything under one folder instead —
`$GUILDHALL_HOME/config`, `/saves`, `/logs` (and a bundle's `/content`) — which is what tests and portable installs use.
The functions only compute paths; whoever writes creates the folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "guildhall"
HOME_ENV = "GUILDHALL_HOME"


def home() -> Path | None:
    """The `GUILDHALL_HOME` folder when set (and not empty), else None."""
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """The folder of settings.json."""
    root = home()
    return root / "config" if root else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder of saves (autosaves included)."""
    root = home()
    if root:
        return root / "saves"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


def saves_dir() -> Path:
    """Alias of `data_dir()`: the folder of saves."""
    return data_dir()


def log_dir() -> Path:
    """The folder of log files."""
    root = home()
    return root / "logs" if root else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def user_content_dir() -> Path:
    """A bundle's editable copy of content/ (game/bundle.py): `content` in the user data folder."""
    root = home()
    return root / "content" if root else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "content"


def cache_dir() -> Path:
    """The folder of caches that can be thrown away (e.g. string catalogs parsed to JSON)."""
    root = home()
    return root / "cache" if root else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
