"""Saved games: the JSON format, its checks, and a folder of saves written atomically.

A save is the recipe of a game, not a snapshot: loading replays `actions` from `seed`
(see `game.session`). Format (DESIGN.md, "Saves, undo, replay"), plus metadata for the load screen:

    {"format": 1, "app_version": "0.1.0", "game": "anludim", "content_digest": "…", "seed": 7,
     "seats": [{"name": "Ana", "colour": 0, "kind": "human", "pin_hash": null}, …],
     "options": {}, "actions": [[seat, action_json], …],
     "reveals": [[actions_applied, seat], …],      # curtain lifts, for the undo rule
     "extras": {"timer": {…}},                     # UI state worth keeping (sand-timer)
     "summary": {"actions": 12, "turn": 3, "over": false},
     "saved_at": "2026-01-02T03:04:05+00:00"}

Every file is written with `game.atomic.write_atomic`; before a save is replaced, the current
file (when it is a readable save) is copied to `<name>.prev.json`, so there is always a complete
current file and, after the first overwrite, a previous generation. Reading never unpickles or
evaluates anything; every problem is a `SaveError` carrying a catalog key (`session.saves.*`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import paths
from game.atomic import remove_stale_temps, write_atomic

FORMAT = 1
APP_VERSION = "0.1.0"
SUFFIX = ".json"
PREV_SUFFIX = ".prev.json"
_FORBIDDEN = set('/\\<>:"|?*')


class SaveError(Exception):
    """A save that cannot be used, with a catalog key and its parameters for the player."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{key}({detail})" if detail else key)

    def to_json(self) -> dict[str, Any]:
        """The problem as a log-style entry {"key", "params"} for `Strings.render`."""
        return {"key": self.key, "params": dict(self.params)}


def utc_now() -> datetime:
    """The default clock of a `SaveStore`: now, in UTC."""
    return datetime.now(UTC)


# -- the format ---------------------------------------------------------------------------------

_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "format": int, "app_version": str, "game": str, "content_digest": str, "seed": int,
    "seats": list, "options": dict, "actions": list,
}
_OPTIONAL: dict[str, type | tuple[type, ...]] = {
    "reveals": list, "extras": dict, "summary": dict, "saved_at": str,
}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _has_type(value: Any, kind: type | tuple[type, ...]) -> bool:
    return _is_int(value) if kind is int else isinstance(value, kind)


def _bad(field_name: str) -> SaveError:
    return SaveError("session.saves.bad_field", field=field_name)


def validate(data: Any) -> dict[str, Any]:
    """Check the shape of a save (not the legality of its actions); returns it or raises `SaveError`."""
    if not isinstance(data, dict) or "format" not in data or "actions" not in data:
        raise SaveError("session.saves.not_a_save")
    if _is_int(data["format"]) and data["format"] > FORMAT:
        raise SaveError("session.saves.newer_format", found=data["format"], supported=FORMAT)
    for name, kind in _REQUIRED.items():
        if name not in data or not _has_type(data[name], kind):
            raise _bad(name)
    for name, kind in _OPTIONAL.items():
        if name in data and not _has_type(data[name], kind):
            raise _bad(name)
    _check_seats(data["seats"])
    _check_actions(data["actions"], len(data["seats"]))
    _check_reveals(data.get("reveals", []), len(data["seats"]))
    return data


def _check_seats(seats: list[Any]) -> None:
    if not seats:
        raise _bad("seats")
    for i, seat in enumerate(seats):
        ok = (isinstance(seat, dict) and isinstance(seat.get("name"), str)
              and _is_int(seat.get("colour")) and isinstance(seat.get("kind"), str)
              and isinstance(seat.get("pin_hash"), str | type(None)))
        if not ok:
            raise _bad(f"seats[{i}]")


def _check_actions(actions: list[Any], seats: int) -> None:
    for i, item in enumerate(actions):
        ok = (isinstance(item, list) and len(item) == 2 and _is_int(item[0])
              and 0 <= item[0] < seats and isinstance(item[1], dict))
        if not ok:
            raise _bad(f"actions[{i}]")


def _check_reveals(reveals: list[Any], seats: int) -> None:
    for i, item in enumerate(reveals):
        ok = (isinstance(item, list) and len(item) == 2 and all(_is_int(v) for v in item)
              and item[0] >= 0 and 0 <= item[1] < seats)
        if not ok:
            raise _bad(f"reveals[{i}]")


def encode(save: dict[str, Any]) -> bytes:
    """The bytes of a save file (UTF-8 JSON, no NaN)."""
    return (json.dumps(save, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")


def decode(blob: bytes) -> dict[str, Any]:
    """Parse and check the bytes of a save file; raises `SaveError` with the reason."""
    if not blob.strip():
        raise SaveError("session.saves.empty")
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        cut = exc.reason == "unexpected end of data"
        raise SaveError("session.saves.truncated" if cut else "session.saves.garbage") from exc
    try:
        data = json.loads(text)
    except RecursionError as exc:
        raise SaveError("session.saves.garbage") from exc
    except json.JSONDecodeError as exc:
        cut = _looks_truncated(text, exc)
        raise SaveError("session.saves.truncated" if cut else "session.saves.garbage") from exc
    return validate(data)


_PARTIAL_NUMBER = re.compile(r"-?[0-9]*\.?[0-9]*([eE][-+]?[0-9]*)?")


def _looks_truncated(text: str, exc: json.JSONDecodeError) -> bool:
    """True when the JSON is cut short (the error is at the very end of the text)."""
    rest = text[exc.pos:].rstrip()
    if not rest or exc.msg.startswith("Unterminated string"):
        return text.lstrip()[:1] in ("{", "[")
    partial_word = any(word.startswith(rest) for word in ("true", "false", "null"))
    return partial_word or _PARTIAL_NUMBER.fullmatch(rest) is not None


def check_name(name: str) -> str:
    """A save name usable as a file name on every platform; raises `SaveError` otherwise."""
    ok = (isinstance(name, str) and 0 < len(name) <= 120 and name == name.strip()
          and not name.startswith(".") and not name.endswith(".prev")
          and not (_FORBIDDEN & set(name)) and all(ch.isprintable() for ch in name))
    if not ok:
        raise SaveError("session.saves.bad_name", name=str(name)[:40])
    return name


def make_name(game: str, when: datetime) -> str:
    """A fresh save name such as `anludim-20260102-030405`."""
    return f"{game}-{when.strftime('%Y%m%d-%H%M%S')}"


# -- the folder ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class SaveEntry:
    """One line of the load screen: a readable save, or a damaged one with its reason.

    When the current file is damaged but the previous generation reads, `prev_ok` is True and
    the metadata (game, seats, date, ...) describe that previous generation.
    """

    name: str
    game: str | None = None
    seats: tuple[dict[str, Any], ...] = ()
    turn: Any = None
    actions: int = 0
    over: bool = False
    date: str | None = None
    error: SaveError | None = field(default=None, compare=False)
    prev_ok: bool = False
    notes: tuple[str, ...] = ()  # the texts of the notes pinned to its log (game/notes.py)

    @property
    def corrupt(self) -> bool:
        """True when the current file cannot be loaded."""
        return self.error is not None

    @classmethod
    def from_save(cls, name: str, save: dict[str, Any], **extra: Any) -> SaveEntry:
        """The entry describing a checked save."""
        summary = save.get("summary") or {}
        seats = tuple({k: s.get(k) for k in ("name", "kind", "colour")} for s in save["seats"])
        actions = summary.get("actions", len(save["actions"]))
        notes = tuple(n["text"] for n in (save.get("extras") or {}).get("notes") or []
                      if isinstance(n, dict) and isinstance(n.get("text"), str))
        return cls(name=name, game=save["game"], seats=seats, turn=summary.get("turn"),
                   actions=actions if _is_int(actions) else len(save["actions"]),
                   over=summary.get("over") is True, date=save.get("saved_at"), notes=notes, **extra)


class SaveStore:
    """A folder of saves: `<name>.json` and its previous generation `<name>.prev.json`."""

    def __init__(self, folder: Path | str | None = None,
                 clock: Callable[[], datetime] = utc_now) -> None:
        self.folder = Path(folder) if folder is not None else paths.data_dir()
        self.clock = clock

    def path(self, name: str, previous: bool = False) -> Path:
        """The file of save `name` (or of its previous generation)."""
        return self.folder / (check_name(name) + (PREV_SUFFIX if previous else SUFFIX))

    def write(self, save: dict[str, Any], name: str) -> Path:
        """Stamp `saved_at` from the clock and write atomically, keeping the previous generation."""
        path = self.path(name)
        data = dict(save, saved_at=self.clock().isoformat(timespec="seconds"))
        blob = encode(validate(data))
        self.folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(path)
        remove_stale_temps(self.path(name, previous=True))
        current = self._good_bytes(path)
        if current is not None:
            write_atomic(self.path(name, previous=True), current)
        write_atomic(path, blob)
        return path

    def read(self, name: str, previous: bool = False) -> dict[str, Any]:
        """The checked save `name` (or its previous generation); raises `SaveError`."""
        path = self.path(name, previous)
        try:
            blob = path.read_bytes()
        except FileNotFoundError as exc:
            raise SaveError("session.saves.missing", name=name) from exc
        except OSError as exc:
            raise SaveError("session.saves.unreadable", name=name, error=exc.strerror or str(exc)) from exc
        return decode(blob)

    def restore_previous(self, name: str) -> dict[str, Any]:
        """Make the previous generation current again (after checking it); returns it."""
        save = self.read(name, previous=True)
        write_atomic(self.path(name), self.path(name, previous=True).read_bytes())
        return save

    def list(self) -> list[SaveEntry]:
        """Every save in the folder, newest first; damaged ones are flagged, never raised."""
        entries = [self.entry(name) for name in self.names()]
        dated = sorted((e for e in entries if e.date), key=lambda e: (e.date, e.name), reverse=True)
        return dated + sorted((e for e in entries if not e.date), key=lambda e: e.name)

    def names(self) -> list[str]:
        """Names of the saves present (a lone previous generation counts)."""
        if not self.folder.is_dir():
            return []
        found = set()
        for path in self.folder.glob("*" + SUFFIX):
            stem = path.name[: -len(PREV_SUFFIX)] if path.name.endswith(PREV_SUFFIX) else path.stem
            if not stem.startswith("."):
                found.add(stem)
        return sorted(found)

    def entry(self, name: str) -> SaveEntry:
        """The load-screen entry of one save."""
        try:
            return SaveEntry.from_save(name, self.read(name))
        except SaveError as error:
            try:
                previous = self.read(name, previous=True)
            except SaveError:
                return SaveEntry(name=name, error=error)
            return SaveEntry.from_save(name, previous, error=error, prev_ok=True)

    def latest(self) -> SaveEntry | None:
        """The most recent readable save (for Continue), or None."""
        return next((e for e in self.list() if not e.corrupt and not e.over), None)

    def delete(self, name: str) -> None:
        """Remove a save, its previous generation and any leftover temporary file."""
        for previous in (False, True):
            path = self.path(name, previous)
            remove_stale_temps(path)
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass

    def _good_bytes(self, path: Path) -> bytes | None:
        """The bytes of `path` when it is a readable save, else None (never rotate garbage)."""
        try:
            blob = path.read_bytes()
            decode(blob)
        except (OSError, SaveError):
            return None
        return blob
