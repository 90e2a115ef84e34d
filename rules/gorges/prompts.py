"""Prompts: what the campaign waits for. The flow yields one; `apply` checks an action against it.

A plain `Prompt` offers options answered with `Choose(value)`. Phase prompts (movement,
construction, challenges, answers, relic offers, battle results) delegate their legal actions
and checks to their phase module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, IllegalAction
from rules.gorges.actions import Choose, made


@dataclass
class Prompt:
    """Waits for `seat` to pick one of `options` (or, for phase prompts, to give orders)."""

    seat: int
    kind: str
    options: tuple[str, ...] = ()
    context: dict[str, Any] = field(default_factory=dict)
    any_seat: bool = False
    legal_fn: Callable[[Any], list[Action]] | None = None
    check_fn: Callable[[Any, Action], None] | None = None
    _choices: list[Action] | None = field(default=None, init=False, repr=False, compare=False)

    def legal(self, st: Any) -> list[Action]:
        """Every action that answers this prompt (bounded)."""
        if self.legal_fn is not None:
            return self.legal_fn(st)
        if self._choices is None:  # the options never change: made once per prompt
            self._choices = [made(Choose, o) for o in self.options]
        return list(self._choices)

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
