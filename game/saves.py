"""Saved games: the JSON format, its checks, and a folder of saves written atomically.

A save is the recipe of a game, not a snapshot: loading replays `actions` from `seed`
(see `game.session`). Format (DESIGN.md, "Saves, undo, replay"), plus metadata for the load screen:

    {"format": 1, "app_version": "0.1.0", "game": "anludim", "content_digest": "…", "seed": 7,
     "seats": [{"name": "Ana", "colour": 0, "kind": "human", "pin_hash": null}, …],
     "options": {}, "actions": [[seat, action_json], …],
     "rules_digest": "…",                          # game.fingerprint: what rules read of the content
     "reveals": [[actions_applied, seat], …],      # curtain lifts, for the undo rule
     "extras": {"timer": {…}},                     # UI state worth keeping (sand-timer)
     "summary": {"actions": 12, "turn": 3, "over": false},   # or "round": 3 for a game in rounds
     "saved_at": "2026-01-02T03:04:05+00:00"}

Every file is written with `game.atomic.write_atomic`; before a save is replaced, the current
file (when it is a readable save) is copied to `<name>.prev.json`, and the previous generation it
replaces goes to the history folder `<name>.history/` (`<sequence>-<actions>.json`), so there is
always a complete current file and several older generations: the `HISTORY_KEEP` newest, plus
the newest generation *longer* than the current game (an undo or a shortened replay can never
lose the longer game). `generations(name)` lists them all and `restore(name, gen)` makes one
current again (the current one joining the history). Names made by `make_name` carry a random
part, so two games started in the same second never share a file.

Reading never unpickles or evaluates anything and is bounded: a file over `MAX_SAVE_BYTES`, a
number of more than 4,300 digits, a 100,000-character name or an absurd field is a `SaveError`
carrying a catalog key (`session.saves.*`), never an exception that could hide the other saves.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import secrets
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
HISTORY_SUFFIX = ".history"
HISTORY_KEEP = 8               # older generations kept besides the current and previous ones
MAX_SAVE_BYTES = 8_000_000     # a 10,000-action campaign is about 1 MB
MAX_TEXT = 64                  # seat names, kinds, game ids (the new-game form allows 18 characters)
MAX_SEATS = 8
MAX_ACTIONS = 200_000
_FORBIDDEN = set('/\\<>:"|?*')
SUMMARY_CACHE = 256            # load-screen summaries remembered per store, keyed by file bytes


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
    "reveals": list, "extras": dict, "summary": dict, "saved_at": str, "rules_digest": str,
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
    _check_fields(data)
    _check_seats(data["seats"])
    _check_actions(data["actions"], len(data["seats"]))
    _check_reveals(data.get("reveals", []), len(data["seats"]))
    return data


def _short(value: Any, limit: int = MAX_TEXT) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _check_fields(data: dict[str, Any]) -> None:
    """Bounds on the scalar fields: absurd values are refused before anything draws or replays them."""
    for name in ("game", "app_version", "content_digest"):
        if not _short(data[name]):
            raise _bad(name)
    if abs(data["seed"]) >= 2 ** 64:
        raise _bad("seed")
    if len(data["actions"]) > MAX_ACTIONS:
        raise _bad("actions")
    if "saved_at" in data and not _short(data["saved_at"]):
        raise _bad("saved_at")
    if "rules_digest" in data and not _short(data["rules_digest"]):
        raise _bad("rules_digest")
    summary = data.get("summary") or {}
    actions = summary.get("actions", 0)
    if not (_is_int(actions) and 0 <= actions <= MAX_ACTIONS):
        raise _bad("summary.actions")
    for key in ("turn", "round"):
        turn = summary.get(key)
        if turn is not None and not ((_is_int(turn) and 0 <= turn <= 10 ** 6) or _short(turn, 12)):
            raise _bad(f"summary.{key}")


def _check_seats(seats: list[Any]) -> None:
    if not seats or len(seats) > MAX_SEATS:
        raise _bad("seats")
    for i, seat in enumerate(seats):
        ok = (isinstance(seat, dict) and _short(seat.get("name")) and seat["name"].strip() != ""
              and _is_int(seat.get("colour")) and 0 <= seat["colour"] < 64 and _short(seat.get("kind"))
              and (seat.get("pin_hash") is None or _short(seat.get("pin_hash"), 200)))
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
    if len(blob) > MAX_SAVE_BYTES:
        raise SaveError("session.saves.too_big", size=len(blob) // 1_000_000 or 1)
    try:
        data = json.loads(text)
    except RecursionError as exc:
        raise SaveError("session.saves.garbage") from exc
    except json.JSONDecodeError as exc:
        cut = _looks_truncated(text, exc)
        raise SaveError("session.saves.truncated" if cut else "session.saves.garbage") from exc
    except (ValueError, MemoryError) as exc:  # e.g. an integer of more than 4,300 digits
        raise SaveError("session.saves.garbage") from exc
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


def make_name(game: str, when: datetime, token: str | None = None) -> str:
    """A fresh save name such as `anludim-20260102-030405-7f3a` (the random part keeps two games
    started in the same second apart)."""
    token = token if token is not None else secrets.token_hex(2)
    return f"{game}-{when.strftime('%Y%m%d-%H%M%S')}-{token}"


@dataclass(frozen=True)
class Generation:
    """One version of a save: "current", "previous" or a history file, with what the list shows."""

    id: str
    actions: int = 0
    turn: Any = None
    date: str | None = None
    error: SaveError | None = field(default=None, compare=False)
    counted: str = "turn"  # what `turn` counts: "turn" or "round" (as in `SaveEntry`)


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
    counted: str = "turn"  # what `turn` counts: "turn" or "round" (the load screen's word)
    error: SaveError | None = field(default=None, compare=False)
    prev_ok: bool = False
    notes: tuple[str, ...] = ()  # the texts of the notes pinned to its log (game/notes.py)
    replayed_on: str | None = None  # the content folder a designer's replay was played on

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
        counted = "round" if summary.get("round") is not None else "turn"
        replayed = ((save.get("extras") or {}).get("replayed_on") or {})
        folder = replayed.get("folder") if isinstance(replayed, dict) else None
        return cls(name=name, game=save["game"], seats=seats, turn=summary.get(counted), counted=counted,
                   actions=actions if _is_int(actions) else len(save["actions"]),
                   over=summary.get("over") is True, date=save.get("saved_at"), notes=notes,
                   replayed_on=folder if isinstance(folder, str) else None, **extra)


class SaveStore:
    """A folder of saves: `<name>.json` and its previous generation `<name>.prev.json`."""

    def __init__(self, folder: Path | str | None = None,
                 clock: Callable[[], datetime] = utc_now) -> None:
        self.folder = Path(folder) if folder is not None else paths.data_dir()
        self.clock = clock
        # hash of a file's bytes -> its load-screen summary (or the SaveError it gave): the same
        # bytes always give the same answer, so listing again decodes only the files that changed
        self._summaries: dict[bytes, SaveEntry | SaveError] = {}

    def path(self, name: str, previous: bool = False) -> Path:
        """The file of save `name` (or of its previous generation)."""
        return self.folder / (check_name(name) + (PREV_SUFFIX if previous else SUFFIX))

    def history_dir(self, name: str) -> Path:
        """The folder of the older generations of save `name`."""
        return self.folder / (check_name(name) + HISTORY_SUFFIX)

    def write(self, save: dict[str, Any], name: str, in_place: bool = False) -> Path:
        """Stamp `saved_at` from the clock and write atomically, keeping the older generations.
        The same game again (nothing but the time differs: "save and quit" right after the
        autosave) writes nothing: it would make a version no one could tell from the one before.
        `in_place`: when only the extras changed (UI state, e.g. the rolls followed on screen),
        replace the current file atomically without filing a generation."""
        path = self.path(name)
        data = dict(save, saved_at=self.clock().isoformat(timespec="seconds"))
        blob = encode(validate(data))
        self.folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(path)
        remove_stale_temps(self.path(name, previous=True))
        current = self._good_bytes(path)
        if current is not None and _same_game(current, blob):
            return path
        if current is not None and in_place and _same_game(current, blob, "extras"):
            write_atomic(path, blob)
            return path
        if current is not None:
            previous = self._good_bytes(self.path(name, previous=True))
            if previous is not None and previous != current:
                self._to_history(name, previous, len(data["actions"]))
            write_atomic(self.path(name, previous=True), current)
        write_atomic(path, blob)
        return path

    def _to_history(self, name: str, blob: bytes, keep_longer_than: int) -> None:
        """File `blob` (a readable save) in the history, then prune it."""
        folder = self.history_dir(name)
        folder.mkdir(exist_ok=True)
        found = self._history_files(name)
        number = int(found[0][0].name.split("-")[0]) + 1 if found else 1
        actions = len(json.loads(blob)["actions"])
        write_atomic(folder / f"{number:06d}-{actions}{SUFFIX}", blob)
        found = self._history_files(name)
        keep = {path for path, _ in found[:HISTORY_KEEP]}
        longer = next((path for path, n in found if n > keep_longer_than), None)
        if longer is not None:
            keep.add(longer)  # never lose a longer game to a shorter history
        for path, _ in found:
            if path not in keep:
                path.unlink(missing_ok=True)

    def _history_files(self, name: str) -> list[tuple[Path, int]]:
        """(file, action count) of the history, newest first."""
        folder = self.history_dir(name)
        if not folder.is_dir():
            return []
        out = []
        for path in folder.glob("*" + SUFFIX):
            number, _, actions = path.stem.partition("-")
            if number.isdigit() and actions.isdigit():
                out.append((int(number), path, int(actions)))
        return [(path, actions) for _, path, actions in sorted(out, reverse=True)]

    def generations(self, name: str) -> list[Generation]:
        """Every version of save `name`, newest first: current, previous, then the history."""
        out = []
        for gen_id in ["current", "previous"] + [p.stem for p, _ in self._history_files(name)]:
            path = self._generation_path(name, gen_id)
            if not path.is_file():
                continue
            try:
                save = self._read_path(path, name)
            except SaveError as error:
                out.append(Generation(gen_id, error=error))
                continue
            summary = save.get("summary") or {}
            counted = "round" if summary.get("round") is not None else "turn"
            out.append(Generation(gen_id, len(save["actions"]), summary.get(counted), save.get("saved_at"),
                                  counted=counted))
        return out

    def _generation_path(self, name: str, gen_id: str) -> Path:
        if gen_id in ("current", "previous"):
            return self.path(name, previous=gen_id == "previous")
        if not re.fullmatch(r"[0-9]{6}-[0-9]+", gen_id):
            raise SaveError("session.saves.missing", name=name)
        return self.history_dir(name) / (gen_id + SUFFIX)

    def read_generation(self, name: str, gen_id: str) -> dict[str, Any]:
        """One generation of save `name` (see `generations`); raises `SaveError`."""
        return self._read_path(self._generation_path(name, gen_id), name)

    def restore(self, name: str, gen_id: str) -> dict[str, Any]:
        """Make an older generation current again; the current one joins the history (nothing lost)."""
        save = self.read_generation(name, gen_id)
        if gen_id != "current":
            self.write(save, name)
        return self.read(name)

    def read(self, name: str, previous: bool = False) -> dict[str, Any]:
        """The checked save `name` (or its previous generation); raises `SaveError`."""
        return self._read_path(self.path(name, previous), name)

    @staticmethod
    def _read_path(path: Path, name: str) -> dict[str, Any]:
        return decode(SaveStore._read_bytes(path, name))

    @staticmethod
    def _read_bytes(path: Path, name: str) -> bytes:
        try:
            size = path.stat().st_size
            if size > MAX_SAVE_BYTES:
                raise SaveError("session.saves.too_big", size=size // 1_000_000 or 1)
            return path.read_bytes()
        except FileNotFoundError as exc:
            raise SaveError("session.saves.missing", name=name) from exc
        except OSError as exc:
            raise SaveError("session.saves.unreadable", name=name, error=exc.strerror or str(exc)) from exc

    def _summary(self, name: str, previous: bool = False) -> SaveEntry:
        """The load-screen entry of one file of save `name`; raises `SaveError`. Decoded once per
        distinct content: the file is read every time, its summary looked up by the bytes' hash."""
        blob = self._read_bytes(self.path(name, previous), name)
        key = hashlib.blake2b(blob, digest_size=20).digest()
        found = self._summaries.get(key)
        if found is None:
            try:
                found = SaveEntry.from_save("", decode(blob))
            except SaveError as error:
                found = error
            if len(self._summaries) >= SUMMARY_CACHE:
                self._summaries.pop(next(iter(self._summaries)))
            self._summaries[key] = found
        if isinstance(found, SaveError):
            raise SaveError(found.key, **found.params)  # a fresh error: never re-raise a shared one
        return dataclasses.replace(found, name=name)

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
            if not stem.startswith(".") and path.is_file():
                try:
                    found.add(check_name(stem))
                except SaveError:
                    continue  # not a file this store wrote
        return sorted(found)

    def entry(self, name: str) -> SaveEntry:
        """The load-screen entry of one save."""
        try:
            return self._summary(name)
        except SaveError as error:
            try:
                previous = self._summary(name, previous=True)
            except SaveError:
                return SaveEntry(name=name, error=error)
            return dataclasses.replace(previous, error=error, prev_ok=True)

    def latest(self) -> SaveEntry | None:
        """The most recent readable save (for Continue), or None."""
        return next((e for e in self.list() if not e.corrupt and not e.over), None)

    def delete(self, name: str) -> None:
        """Remove a save, its older generations and any leftover temporary file."""
        for previous in (False, True):
            path = self.path(name, previous)
            remove_stale_temps(path)
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
        for path, _ in self._history_files(name):
            path.unlink(missing_ok=True)
        history = self.history_dir(name)
        if history.is_dir():
            remove_stale_temps(history / "x")
            for stale in history.iterdir():
                stale.unlink(missing_ok=True)
            history.rmdir()

    def _good_bytes(self, path: Path) -> bytes | None:
        """The bytes of `path` when it is a readable save, else None (never rotate garbage)."""
        try:
            if path.stat().st_size > MAX_SAVE_BYTES:
                return None
            blob = path.read_bytes()
            decode(blob)
        except (OSError, SaveError):
            return None
        return blob


def turn_of(state: Any) -> dict[str, Any]:
    """The game's round (preferred: a game counted in rounds, as Anludim's "Manche 1", says so)
    or turn number for the load screen, when its public view has one: {"round": n} or {"turn": n}."""
    try:
        view = state.view(None)
    except Exception:
        return {"turn": None}
    for key in ("round", "turn"):
        if isinstance(view.get(key), int | str):
            return {key: view[key]}
    return {"turn": None}


def _same_game(old: bytes, new: bytes, *also: str) -> bool:
    """Two encoded saves that differ at most in `saved_at` (and the keys `also`)."""
    a, b = json.loads(old), json.loads(new)
    for key in ("saved_at", *also):
        a.pop(key, None)
        b.pop(key, None)
    return a == b
