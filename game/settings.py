"""The player's settings, kept as JSON in the user config folder (see `game.paths`).

Loading never fails: a missing, unreadable or corrupt file gives the defaults, unknown keys are
ignored and each bad value is replaced by its default, so a hand-edited file with one typo keeps
the rest. Saving is atomic (`game.atomic.write_atomic`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import paths
from game.atomic import write_atomic

FILE_NAME = "settings.json"
LANGUAGES = ("fr", "en")
MIN_WINDOW = (1024, 700)
MAX_WINDOW = (16384, 16384)


def settings_path() -> Path:
    """Where settings live by default: `<config_dir>/settings.json`."""
    return paths.config_dir() / FILE_NAME


@dataclass
class Settings:
    """What the player chose; every field has a safe default."""

    language: str = "fr"
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    sand_timer_s: int = 0  # 0: the length the game's content sets (Amadrim: tables.yaml)
    animation_speed: float = 1.0
    designer_mode: bool = False
    player_names: list[str] = field(default_factory=list)  # names typed at the last new game, per seat
    lab_game: str = ""  # the game last chosen in the Lab
    path: Path | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-able dict (without the file path)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "path"}
        out["window_size"] = list(self.window_size)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from a dict: unknown keys ignored, bad values replaced by defaults."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for name, check in _CHECKS.items():
            if name in data:
                value = check(data[name])
                if value is not None:
                    setattr(settings, name, value)
        return settings

    def save(self, path: Path | None = None) -> Path:
        """Write atomically to `path`, else where these were loaded from, else the default."""
        target = Path(path or self.path or settings_path())
        text = json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"
        write_atomic(target, text.encode("utf-8"))
        self.path = target
        return target


def load_settings(path: Path | None = None) -> Settings:
    """Read settings from `path` (default `settings_path()`); never raises."""
    target = Path(path or settings_path())
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        data = None
    settings = Settings.from_json(data)
    settings.path = target
    return settings


# -- value checks: each returns the clean value, or None when the value is unusable -------------

def _language(value: Any) -> str | None:
    return value if value in LANGUAGES else None


def _window_size(value: Any) -> tuple[int, int] | None:
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    w, h = value
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        return None
    return (w, h)


def _bool(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _sand_timer(value: Any) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and (value == 0 or 10 <= value <= 3600)
    return value if ok else None


def _animation_speed(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if 0.1 <= value <= 10 else None


def _names(value: Any) -> list[str] | None:
    if not isinstance(value, list) or len(value) > 8 or not all(isinstance(v, str) for v in value):
        return None
    return [v.strip()[:18] for v in value]


def _game_id(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) <= 40 and value.isidentifier() else None


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "language": _language,
    "window_size": _window_size,
    "fullscreen": _bool,
    "sand_timer_s": _sand_timer,
    "animation_speed": _animation_speed,
    "designer_mode": _bool,
    "player_names": _names,
    "lab_game": _game_id,
}
