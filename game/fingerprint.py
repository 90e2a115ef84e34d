"""What of a game's content a rule may read: its *skeleton* (every bilingual text masked) and a
short digest of it, the *rules digest*.

Two contents with the same rules digest differ at most in names and texts ({fr, en} values)
and in the bots' weights (bots.yaml: only views carry them, for the bots' next decisions), which
no rule reads (README, "For designers": such edits apply live). A save records the rules
digest of the content it was played on (`rules_digest`), so loading it after an edit of texts
only replays it on today's content under the same save, with no question and no new save
(`scenes/saves_bridge.py`); any other edit is offered as a replay into a new save.

The skeleton is canonical: sets are sorted, so the digest is the same in every process
(string hashing is randomised per process, and a frozenset's order with it).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import weakref
from typing import Any

TEXT = "<text>"
LIVE_FIELDS = ("bots",)  # content fields no rule reads (the bots' weights): left out of the digest
_DIGESTS: weakref.WeakKeyDictionary[Any, tuple[str, str]] = weakref.WeakKeyDictionary()


def skeleton(value: Any, depth: int = 0) -> Any:
    """`value` as plain data with every bilingual text replaced by "<text>" (for comparing rules)."""
    if depth > 60:
        return repr(value)
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value  # (plain data first: a public view is all plain, and checking it for models
    if kind is list or kind is tuple:  # and dataclasses first made a long game's replay take 20 s)
        return [skeleton(v, depth + 1) for v in value]
    if kind is dict:
        return _dict_skeleton(value, depth)
    if _is_model(value) and hasattr(value, "fr") and hasattr(value, "en"):
        return TEXT
    if _is_model(value):
        return {name: skeleton(getattr(value, name), depth + 1) for name in type(value).model_fields}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: skeleton(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return _dict_skeleton(value, depth)
    if isinstance(value, list | tuple):
        return [skeleton(v, depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        items = [skeleton(v, depth + 1) for v in value]
        return {"<set>": sorted(items, key=lambda v: json.dumps(v, sort_keys=True, default=repr))}
    if isinstance(value, str | int | float | bool | type(None)):
        return value
    if hasattr(value, "__dict__"):  # a plain object: its private attributes are caches (Gorges' island
        # fills its paths as games are played), not rules: with them, F5 found every campaign's
        # content changed, and saves recorded a digest no fresh load gives
        return {k: skeleton(v, depth + 1) for k, v in sorted(vars(value).items()) if not k.startswith("_")}
    return repr(value)


def _dict_skeleton(value: dict, depth: int) -> Any:
    if len(value) <= 2:  # (only then can it be a text)
        if set(value) == {"fr", "en"} and all(isinstance(v, str) for v in value.values()):
            return TEXT
        if set(value) == {"text"} and isinstance(value["text"], dict):
            return TEXT
    return {repr(k): skeleton(v, depth + 1) for k, v in value.items()}


def _is_model(value: Any) -> bool:
    """A pydantic model instance (asked on the class: instance access is deprecated)."""
    return not isinstance(value, type) and hasattr(type(value), "model_fields")


def rules_digest(content: Any) -> str:
    """A short hash of `content`'s skeleton without its `LIVE_FIELDS`; computed once per content
    object (tens of ms)."""
    return rules_digests(content)[0]


def rules_digests(content: Any) -> tuple[str, str]:
    """(today's rules digest, the digest saves recorded before the bots' weights were left out):
    a save whose `rules_digest` is either was played on the same rules."""
    try:
        return _DIGESTS[content]
    except (KeyError, TypeError):  # not seen yet, or not weakly referable (None, a toy game's dict)
        pass
    shape = skeleton(content)
    legacy = _hash(shape)
    if isinstance(shape, dict) and any(name in shape for name in LIVE_FIELDS):
        shape = {k: v for k, v in shape.items() if k not in LIVE_FIELDS}
        found = (_hash(shape), legacy)
    else:
        found = (legacy, legacy)
    try:
        _DIGESTS[content] = found
    except TypeError:
        pass
    return found


def _hash(shape: Any) -> str:
    text = json.dumps(shape, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
