"""The engine protocol every game implements (see DESIGN.md, "The engine protocol").

An engine is a small object registered in `rules.ENGINES[id]`; it makes states. A state is the
whole truth of one game: it knows who must act, what they may do, applies actions
deterministically (all randomness from its own seeded `random.Random`), and redacts itself for a
seat with `view(seat)`. Scenes and bots only ever see views.

Log entries are public events, each `{"key": catalog_key, "params": {...}}`. A parameter value
may itself be `{"seat": i}` (shown as that seat's name), `{"key": k, "params": {...}}` (translated
in place) or `{"text": {"fr": ..., "en": ...}}` (bilingual text from content).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from rules.core.actions import Action, ActionCodec


def entry(key: str, **params: Any) -> dict[str, Any]:
    """A translatable log entry or message: {"key", "params"}."""
    return {"key": key, "params": params}


def seat_ref(seat: int) -> dict[str, int]:
    """A log parameter that the UI shows as the seat's name."""
    return {"seat": seat}


@runtime_checkable
class GameState(Protocol):
    """What a game state offers the app, the bots and the tests."""

    log: list[dict[str, Any]]

    def to_act(self) -> list[int]: ...
    def legal_actions(self, seat: int) -> Sequence[Action]: ...  # a list, or a lazy `rules.core.listing.Listing`
    def apply(self, seat: int, action: Action) -> None: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def is_over(self) -> bool: ...
    def outcome(self) -> dict[str, Any]: ...
    # Optional: `hidden_result() -> str | None`, what the action just applied revealed that was
    # hidden before it was applied: "draw" (cards from a face-down pile), "shuffle", "roll",
    # "reveal" (a secret choice turned face up), or None. The app refuses undo across such an
    # action (a player could otherwise peek, undo and choose again). Without it, an action that
    # used the state's `rng` (an attribute named `rng`, a `random.Random`) still counts as chance;
    # a game whose hidden results come from anything else (a pre-shuffled deck, secret choices)
    # must implement it. `HiddenResults` below does the bookkeeping.
    # Optional: `lazy_view(seat)`, a read-only mapping with the values of `view(seat)` made key by
    # key as they are read, with a `seal()` refusing later reads of keys not read yet; what
    # `game.simulate` gives its bots when a state has it (README, "Lazy views").


class Engine:
    """Base of the game engines: an id, the seat range and the action codec.

    Subclasses implement `new_game`; `action_from_json` is the codec's inverse of `to_json`.
    Optional hooks with safe defaults let the app ask more of a game without special cases.
    """

    id: str = ""
    seats: range = range(2, 3)
    codec: ActionCodec
    bots: Sequence[str] = ()
    hidden_information: bool = True

    def new_game(self, content: Any, seats: int | Sequence[Any], seed: int,
                 options: dict[str, Any] | None = None) -> GameState:
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Action:
        """Inverse of `action.to_json()`; raises `InvalidAction` on malformed data."""
        return self.codec.from_json(data)

    #: The bots by name (each a maker `seed -> bot`), the test-only probes that tests register (never
    #: offered to players), and old bot names of earlier saves with the name they now stand for.
    bot_kinds: Mapping[str, Callable[[int], Any]] = {}
    probe_kinds: Mapping[str, Callable[[int], Any]] = {}
    bot_aliases: Mapping[str, str] = {}

    def bot(self, name: str, seed: int) -> Any:
        """A bot by name (a level, an old name, a test probe): an object with
        `choose(view, legal) -> Action`; KeyError for a name the game does not have."""
        name = self.bot_aliases.get(name, name)
        make = self.probe_kinds.get(name) or self.bot_kinds.get(name)
        if make is None:
            raise KeyError(name)
        return make(seed)

    @property
    def probes(self) -> tuple[str, ...]:
        """The test-only bots registered by tests."""
        return tuple(self.probe_kinds)

    def options(self, content: Any) -> list[dict[str, Any]]:
        """The variants and options offered at new game: [{"id", "label": key, "choices"|"default"}]."""
        return []

    def lab_facts(self, state: Any) -> dict[str, Any] | None:
        """What the designer's lab measures of a finished game (entries used, scoring lines, score
        history, first seat, turns; see rules/core/lab.py); None when the game exposes nothing."""
        return None


def seat_count(seats: int | Sequence[Any]) -> int:
    """Engines accept a count or a list of seat descriptions; this gives the count."""
    return seats if isinstance(seats, int) else len(seats)


def new_rng(seed: int) -> random.Random:
    """The state's own RNG. Python's Random is stable across machines for a given int seed."""
    return random.Random(seed)


class HiddenResults:
    """Mixin for states: call `self.mark_hidden(kind)` while applying an action whose result was
    hidden before (a draw, a shuffle, a roll, a reveal); `apply` must call `self.clear_hidden()`
    first. `hidden_result()` then answers the app (see `GameState`)."""

    _hidden: str | None = None

    def clear_hidden(self) -> None:
        self._hidden = None

    def mark_hidden(self, kind: str) -> None:
        """Note that the action being applied revealed a hidden result of this kind."""
        self._hidden = self._hidden or kind

    def hidden_result(self) -> str | None:
        """What the last applied action revealed ("draw", "shuffle", "roll", "reveal") or None."""
        return self._hidden
