"""Building blocks for a game's content schema (typed, frozen models validated from YAML).

Each game declares, in `rules/<id>/content.py`:

- `FILES`: {"cards.yaml": CardsFileModel, ...}, a pydantic model (subclass of `Model`) per file;
  YAML sequences arrive as tuples, so use `tuple[...]` fields;
- `build(files, report) -> Content`: assembles the validated files into the game's content
  object, checking cross-references; each problem goes to
  `report(file_name, key_path_tuple, message)` and is then located by `game.content` at the
  offending key's line and column. Use `unknown(what, value, choices)` for unknown ids.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict


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


class Report(Protocol):
    def __call__(self, file: str, path: tuple[Any, ...], message: str) -> None: ...


def did_you_mean(value: object, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a close match exists, else ''."""
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def unknown(what: str, value: object, choices: Iterable[str]) -> str:
    """The message for an unknown id: expected a <what> id, got 'x' (did you mean 'y'?)."""
    choices = list(choices)
    return f"expected {what} id, got {value!r}{did_you_mean(value, choices)}"
