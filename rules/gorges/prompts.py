"""Prompts: what the campaign waits for. The flow yields one; `apply` checks an action against it.

A plain `Prompt` offers options answered with `Choose(value)`. Phase prompts (movement,
construction, challenges, answers, relic offers, battle results) delegate their legal actions
and checks to their phase module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Action, IllegalAction
from rules.gorges.actions import Choose, made

_CHOICES: dict[str, Choose] = {}  # option -> its `Choose` (races, territories, armies...: a few hundred)

class Prompt:
    """Waits for `seat` to pick one of `options` (or, for phase prompts, to give orders)."""

    __slots__ = ("seat", "kind", "options", "context", "any_seat", "legal_fn", "check_fn", "_choices")

    def __init__(self, seat: int, kind: str, options: tuple[str, ...] = (), context: dict[str, Any] | None = None,
                 any_seat: bool = False, legal_fn: Callable[[Any], list[Action]] | None = None,
                 check_fn: Callable[[Any, Action], None] | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.context: dict[str, Any] = {} if context is None else context
        self.any_seat = any_seat
        self.legal_fn = legal_fn
        self.check_fn = check_fn
        self._choices: list[Action] | None = None  # `legal` of a plain prompt, made once

    def __repr__(self) -> str:
        return f"Prompt(seat={self.seat!r}, kind={self.kind!r}, options={self.options!r}, any_seat={self.any_seat!r})"

    def legal(self, st: Any) -> list[Action]:
        """Every action that answers this prompt (bounded)."""
        if self.legal_fn is not None:
            return self.legal_fn(st)
        return list(self.choices())

    def choices(self) -> list[Action]:
        """`legal` of a plain prompt: a `Choose` for each option, made once per prompt (the
        options never change) from actions made once per option value. Not to be changed."""
        found = self._choices
        if found is None:
            try:
                found = [_CHOICES[o] for o in self.options]
            except KeyError:
                found = [_CHOICES.setdefault(o, made(Choose, o)) for o in self.options]
            self._choices = found
        return found

    def check(self, st: Any, action: Action) -> None:
        """Raise IllegalAction unless `action` answers this prompt."""
        if self.check_fn is not None:
            self.check_fn(st, action)
            return
        if not isinstance(action, Choose):
            raise IllegalAction("gorges.illegal.expected_choice", kind=self.kind)
        if action.value not in self.options:
            raise IllegalAction("gorges.illegal.not_an_option", value=action.value, kind=self.kind)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "options": list(self.options),
                "context": dict(self.context), "any_seat": self.any_seat}
