"""Building blocks for a game's content schema (typed, frozen models validated from YAML).

Each game declares, in `rules/<id>/content.py`:

- `FILES`: {"cards.yaml": CardsFileModel, ...}, a pydantic model (subclass of `Model`) per file;
  YAML sequences arrive as tuples, so use `tuple[...]` fields;
- `build(files, report) -> Content`: assembles the validated files into the game's content
  object, checking cross-references; each problem goes to
  `report(file_name, key_path_tuple, msg(catalog_key, **params))` and is then located by
  `game.content` at the offending key's line and column, and shown in the reader's language
  (English in the command line). Use `unknown(what_key, value, choices)` for unknown ids,
  `one_of(values)` to list the values allowed and `shown(value)` to quote a YAML value.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

#: Integer ranges shared by the schemas (every number a designer writes has a sensible range).
Byte = Annotated[int, Field(ge=0, le=255)]          # a colour channel
Small = Annotated[int, Field(ge=0, le=100)]         # a count of cards, cubes, turns...
Positive = Annotated[int, Field(ge=1, le=100)]


class Model(BaseModel):
    """Strict, frozen, closed: no type coercion, no mutation, unknown keys are errors."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")


class Text(Model):
    """Text people read, in both languages."""

    fr: str
    en: str

    def get(self, lang: str) -> str:
        """The text in `lang` ("fr" or "en"), falling back to French."""
        return self.en if lang == "en" else self.fr

    def to_json(self) -> dict[str, str]:
        """For a view: {"text": {"fr", "en"}}, a log/param value the UI translates."""
        return {"text": {"fr": self.fr, "en": self.en}}


Message = dict[str, Any]


class Report(Protocol):
    def __call__(self, file: str, path: tuple[Any, ...], message: Message) -> None: ...


def msg(key: str, /, **params: Any) -> Message:
    """A content problem people read in their language: a catalog key and its parameters.

    Values shown as written in the YAML go through `shown()`; a parameter may itself be a
    message (translated in place), as in log entries.
    """
    return {"key": key, "params": params}


class ContentValueError(ValueError):
    """Raised by a model's own validator: carries a translatable message instead of text."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message["key"])


def shown(value: object) -> Message | str:
    """A YAML value as quoted in a message, long values cut: a text quoted the reader's way, as
    the allowed values are (`one_of`: 'pairs' in English, « pairs » in French), other values as
    Python writes them (lists as lists)."""
    if isinstance(value, str):
        return msg("content.choice", value=value if len(value) <= 58 else value[:55] + "...")
    text = repr(list(value) if isinstance(value, tuple) else value)
    return text if len(text) <= 60 else text[:57] + "..."


def did_you_mean(value: object, choices: Iterable[str]) -> Message | str:
    """The ' (did you mean 'x'?)' hint when a close match exists, else ''."""
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.6)
    return msg("content.did_you_mean", id=shown(close[0])) if close else ""


def one_of(values: Iterable[object]) -> Message:
    """Allowed values as people read them: 'a', 'b' or 'c' (« a », « b » ou « c » in French);
    texts quoted, numbers as written, a message (already worded) as it is."""
    items: list[Any] = [msg("content.choice", value=v) if isinstance(v, str) else v if isinstance(v, dict)
                        else str(v) for v in values]
    if len(items) < 2:
        return msg("content.note", text=items[0] if items else "")
    return msg("content.choices", first=items[:-1], last=items[-1])


def unknown(what: str, value: object, choices: Iterable[str]) -> Message:
    """An unknown id: expected <what> id, got 'x' (did you mean 'y'?); `what` is a catalog key."""
    return msg("content.unknown_id", what=msg(what), got=shown(value),
               hint=did_you_mean(value, list(choices)))
