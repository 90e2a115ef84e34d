"""Writing a file so that a crash at any moment leaves either the old or the new content.

The data goes to a temporary file in the same folder, is flushed and fsynced, and only then
renamed over the target with `os.replace` (atomic on POSIX and Windows); the folder is then
fsynced so the rename itself survives a power cut. On any failure the temporary file is removed
and the target is untouched.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import BinaryIO

TEMP_SUFFIX = ".tmp"


def _write_all(handle: BinaryIO, data: bytes) -> None:
    """Write `data` fully (a separate function so tests can interrupt it)."""
    handle.write(data)


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (no-op where folders cannot be opened, e.g. Windows)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` by `data` atomically: temp file, flush, fsync, `os.replace`, fsync folder."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as handle:
            _write_all(handle, data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(path.parent)


def remove_stale_temps(path: Path) -> None:
    """Delete temporary files a crashed `write_atomic(path, ...)` may have left behind."""
    path = Path(path)
    if not path.parent.is_dir():
        return
    for stale in path.parent.glob(f".{path.name}.*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            stale.unlink()
