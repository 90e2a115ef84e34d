"""Prompts: what the game waits for. The flow yields one; `apply` checks an action against it.

A prompt names the seats that must answer (several in a simultaneous secret choice) and, for each,
the `Choose` values it accepts. Bids and placements bring their own legal list and check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules.core import Action, IllegalAction
from rules.guildes.actions import Choose

_CHOICES: dict[str, Choose] = {}


def _choice(value: str) -> Choose:
    """The `Choose(value)` action (immutable, so one shared instance per value)."""
    made = _CHOICES.get(value)
    if made is None:
        made = _CHOICES[value] = Choose(value)
    return made


@lru_cache(maxsize=1024)
def _choices(values: tuple[str, ...]) -> tuple[Choose, ...]:
    """The `Choose` actions of `values` (most option lists come back often: the action cards, the
    elements, yes/no)."""
    return tuple([_choice(v) for v in values])


@dataclass(slots=True)
class Prompt:
    """Waits for each of `seats` to pick one of its `options` (or to bid / place)."""

    seats: tuple[int, ...]
    kind: str
    options: dict[int, tuple[str, ...]] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)
    secret: bool = False
    legal_fn: Callable[[Any, int], list[Action]] | None = None
    check_fn: Callable[[Any, int, Action], None] | None = None
    _legal: dict[int, Sequence[Action]] | None = field(default=None, repr=False)
    private: dict[str, Any] = field(default_factory=dict)  # context only the asked seats see

    def legal(self, st: Any, seat: int) -> list[Action]:
        """The listed actions of `seat` (bids and placements computed once: nothing changes while
        the prompt waits; choices come from the shared cache)."""
        if self.legal_fn is None:
            return list(_choices(self.options.get(seat, ())))
        if self._legal is None:
            self._legal = {}
        made = self._legal.get(seat)
        if made is None:
            made = self._legal[seat] = self.legal_fn(st, seat)
        return list(made)

    def check(self, st: Any, seat: int, action: Action) -> None:
        if self.check_fn is not None:
            self.check_fn(st, seat, action)
            return
        if not isinstance(action, Choose):
            raise IllegalAction("guildes.illegal.expected_choice", kind=self.kind)
        if action.value not in self.options.get(seat, ()):
            raise IllegalAction("guildes.illegal.not_an_option", value=action.value)

    def to_json(self, seat: int | None) -> dict[str, Any]:
        """The prompt as a seat sees it: its own options only (a secret prompt hides the others'),
        and the `private` context only for the seats asked."""
        mine = seat in self.seats
        kind = self.kind if mine or not self.secret else "secret"
        context = dict(self.context) if mine or not self.secret else {}
        if mine and self.private:
            context.update(self.private)
        return {"seats": list(self.seats), "kind": kind, "key": f"guildes.prompt.{kind}",
                "options": list(self.options.get(seat, ())) if mine else [], "context": context}
