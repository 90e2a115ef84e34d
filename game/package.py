"""`python main.py package`: a one-folder desktop build with PyInstaller, on the OS it runs on.

The bundle is `dist/Guildhall/` with the executable `Guildhall` (`Guildhall.exe` on Windows;
macOS also gets `dist/Guildhall.app`). PyInstaller cannot cross-build: run the command on each OS.
What the app reads next to its code is bundled at the same relative place, so the code's own
`Path(__file__)` look-ups work unchanged: `content/`, `game/strings/`, `scenes/theme.json`; the
Noto Sans fonts come with pygame-gui's PyInstaller hook (pygame-ce's hook brings freesansbold).
Modules imported by name (`rules.<game>`, game tables) are collected as submodules. After the
build, `verify()` checks that every one of those files is in the bundle, so a missing font or
catalog fails the build instead of falling back silently (`Font(None)`) on a player's machine.
pygame-gui's Chinese, Japanese and Korean fonts (39 MB, loaded only for those UI locales; Guildhall
speaks French and English) are removed from the bundle.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAME = "Guildhall"
DATA = (("content", "content"), ("game/strings", "game/strings"), ("scenes/theme.json", "scenes"))
PACKAGES = ("game", "rules", "scenes", "sprites")
METADATA = ("pygame-ce", "pygame-gui", "PyYAML", "pydantic", "platformdirs")  # versions in the log
EXCLUDE = ("tkinter", "chess", "pytest", "_pytest", "hypothesis", "PyInstaller")
#: pygame-gui fonts for UI locales the app never uses (zh, ja, ko), removed after the build
UNUSED_FONTS = ("NotoSansJP-*", "NotoSansKR-*", "NotoSansSC-*")
#: files that must be inside the bundle (relative to its data folder)
REQUIRED = ("content/anludim/README.md", "game/strings/core.yaml", "scenes/theme.json",
            "pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/NotoSans-Bold.ttf",
            "pygame_gui/data/NotoSans-Italic.ttf", "pygame_gui/data/NotoSans-BoldItalic.ttf")


def executable(dist: Path) -> Path:
    """The bundle's executable."""
    return dist / NAME / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def data_folder(dist: Path) -> Path:
    """Where PyInstaller (6+) puts the bundled files: `_internal` next to the executable."""
    return dist / NAME / "_internal"


def command(dist: Path, work: Path, icon: Path | None) -> list[str]:
    """The PyInstaller command line."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--onedir", "--windowed",
           "--name", NAME, "--distpath", str(dist), "--workpath", str(work / "build"),
           "--specpath", str(work), "--log-level", "WARN"]
    for source, target in DATA:
        cmd += ["--add-data", f"{ROOT / source}{os.pathsep}{target}"]
    for package in PACKAGES:
        cmd += ["--collect-submodules", package]
    for dist_name in METADATA:
        cmd += ["--copy-metadata", dist_name]
    for module in EXCLUDE:
        cmd += ["--exclude-module", module]
    if icon is not None:
        cmd += ["--icon", str(icon)]
    return cmd + [str(ROOT / "main.py")]


def write_icon(work: Path) -> Path | None:
    """The executable's icon for Windows (.ico) or macOS (.icns), PNGs drawn by sprites.icon
    packed by hand (both formats can hold PNG images); None on Linux, where the desktop entry
    carries the icon."""
    if sys.platform not in ("win32", "darwin"):
        return None
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from sprites.icon import write_pngs

    pngs = {n: p.read_bytes() for n, p in write_pngs(work / "icon", (48, 128, 256, 512)).items()}
    if sys.platform == "win32":
        sizes = (48, 128, 256)
        head = struct.pack("<HHH", 0, 1, len(sizes))
        offset, entries, blobs = 6 + 16 * len(sizes), b"", b""
        for n in sizes:
            side = 0 if n >= 256 else n  # 0 means 256 in an ICO directory
            entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[n]), offset)
            offset += len(pngs[n])
            blobs += pngs[n]
        path = work / "guildhall.ico"
        path.write_bytes(head + entries + blobs)
        return path
    chunks = b"".join(kind + struct.pack(">I", 8 + len(pngs[n])) + pngs[n]
                      for kind, n in ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512)))
    path = work / "guildhall.icns"
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks)
    return path


def verify(dist: Path) -> list[str]:
    """Files the app needs that are missing from the bundle (empty when complete)."""
    missing = [] if executable(dist).is_file() else [str(executable(dist))]
    return missing + [f for f in REQUIRED if not (data_folder(dist) / f).is_file()]


def build(dist: Path | None = None, work: Path | None = None) -> dict[str, Any]:
    """Run PyInstaller; returns {"bundle", "executable", "seconds", "size_mb", "missing", "code"}."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return {"code": 2, "error": "PyInstaller is not installed: python3 main.py setup --dev"}
    dist = dist or ROOT / "dist"
    work = work or ROOT / "build" / "pyinstaller"
    work.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    code = subprocess.call(command(dist, work, write_icon(work)), cwd=ROOT)
    result: dict[str, Any] = {"code": code, "seconds": round(time.perf_counter() - started, 1),
                              "bundle": str(dist / NAME), "executable": str(executable(dist))}
    if code != 0:
        return result
    for pattern in UNUSED_FONTS:
        for font in (data_folder(dist) / "pygame_gui" / "data").glob(pattern):
            font.unlink()
    result["missing"] = verify(dist)
    files = [f for f in (dist / NAME).rglob("*") if f.is_file() and not f.is_symlink()]
    result["size_mb"] = round(sum(f.stat().st_size for f in files) / 2**20, 1)
    if result["missing"]:
        result["code"] = 1
    return result


def run(args: Any) -> int:
    """The `package` command."""
    import json

    out = Path(args.dist).resolve() if getattr(args, "dist", None) else None
    result = build(out)
    if args.json:
        print(json.dumps(result))
    elif result.get("error"):
        print(result["error"], file=sys.stderr)
    elif result["code"] == 0:
        print(f"bundle {result['bundle']} ({result['size_mb']} MB) built in {result['seconds']} s; "
              f"start it with {result['executable']}")
    else:
        print(f"the build failed (exit {result['code']}); missing: {', '.join(result.get('missing', [])) or '-'}",
              file=sys.stderr)
    return int(result["code"])
