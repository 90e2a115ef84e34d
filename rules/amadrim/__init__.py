"""Amadrim Tales – la Guerre des Guildes: the rules engine (`ENGINE`).

Package map: content.py (YAML schema), board.py (map geometry and pieces), actions.py (action
values), placement.py (set-up), programming.py (secret cube placing), action_phase.py (spending
cubes, and `targets` for the scene's highlights), scoring.py (reputation and the end),
view.py (what a seat sees), state.py (the state and dispatch), bots.py (the levels apprentice,
adept, master; `random` and `greedy` for old saves).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.amadrim.action_phase import targets
from rules.amadrim.actions import CODEC
from rules.amadrim.bots import BOTS, LEVELS, PROBES
from rules.amadrim.content import Content
from rules.amadrim.state import AmadrimState
from rules.core import Engine, seat_count

__all__ = ["ENGINE", "AmadrimEngine", "targets"]


class AmadrimEngine(Engine):
    """Makes Amadrim games; 2 to 4 guilds, secret programming, no randomness after set-up."""

    id = "amadrim"
    seats = range(2, 5)
    codec = CODEC
    bots = LEVELS
    bot_kinds = BOTS
    probe_kinds = PROBES
    hidden_information = True
    # log entries that only tell the seat they name what it chose itself (its own programming,
    # turned face up when its action turn comes, and its lock-in): the "since your last turn" box
    # leaves them out for that seat (game.hotseat.summary_for); the others see them
    own_entry_keys = frozenset({"amadrim.log.revealed", "amadrim.log.locked_in"})

    def new_game(self, content: Content, seats: int | Sequence[Any], seed: int,
                 options: dict[str, Any] | None = None) -> AmadrimState:
        count = seat_count(seats)
        if count not in self.seats:
            raise ValueError(f"Amadrim is played by 2 to 4 guilds, not {count}")
        return AmadrimState(content, count, seed, resolve_options(content, options))

    def lab_facts(self, state: Any) -> dict[str, Any]:
        """What the designer's lab measures (rules/amadrim/lab.py)."""
        from rules.amadrim.lab import lab_facts

        return lab_facts(state)

    def game_stats(self, outcomes: list[dict[str, Any]]) -> dict[str, Any]:
        """Figures for `simulate`: mean turns, and how often each line is the winner's largest."""
        lines = ("business", "kills", "town", "magic")
        decided = dict.fromkeys(lines, 0)
        for out in outcomes:
            rep = out["reputation"][out["ranking"][0]]
            top = max(rep[k] for k in lines)
            for k in lines:  # a tie for the largest line counts for each tied line
                decided[k] += rep[k] == top
        n = len(outcomes)
        return {"mean_turns": round(sum(o["turns"] for o in outcomes) / n, 2),
                "min_turns": min(o["turns"] for o in outcomes),
                "winner_largest_line": {k: round(v / n, 3) for k, v in decided.items()}}

    def options(self, content: Content) -> list[dict[str, Any]]:
        """The options of options.yaml: choice options list their choices, on/off ones a bool."""
        opts = content.options
        return [
            {"id": "attack_reach", "label": "amadrim.option.attack_reach",
             "choices": list(opts.attack_reach.choices), "default": opts.attack_reach.default,
             "choice_labels": [f"amadrim.option.attack_reach.{c}" for c in opts.attack_reach.choices]},
            {"id": "city_defence", "label": "amadrim.option.city_defence",
             "choices": list(opts.city_defence.choices), "default": opts.city_defence.default,
             "choice_labels": [f"amadrim.option.city_defence.{c}" for c in opts.city_defence.choices]},
            {"id": "neutral_cities", "label": "amadrim.option.neutral_cities",
             "default": opts.neutral_cities.default},
            {"id": "max_turns", "label": "amadrim.option.max_turns",
             "choices": list(opts.max_turns.choices), "default": opts.max_turns.default},
        ]


def resolve_options(content: Content, options: dict[str, Any] | None) -> dict[str, Any]:
    """Content defaults overridden by `options`; a bad id or value raises ValueError."""
    from rules.amadrim.content import RULE_CHOICES

    offered = {o["id"]: o for o in ENGINE.options(content)}
    for oid, choices in RULE_CHOICES.items():  # readings of tables.yaml, not offered at new game
        offered[oid] = {"id": oid, "choices": list(choices), "default": getattr(content, oid)}
    out = {oid: o["default"] for oid, o in offered.items()}
    for oid, value in (options or {}).items():
        if oid not in offered:
            raise ValueError(f"unknown Amadrim option {oid!r}")
        spec = offered[oid]
        ok = isinstance(value, bool) if "choices" not in spec else _valid_choice(oid, value, spec["choices"])
        if not ok:
            raise ValueError(f"Amadrim option {oid!r} cannot be {value!r}")
        out[oid] = value
    return out


def _valid_choice(oid: str, value: Any, choices: list[Any]) -> bool:
    if oid == "max_turns":  # any positive turn count, not only the ones offered in the menu
        return isinstance(value, int) and not isinstance(value, bool) and value >= 1
    return value in choices


ENGINE = AmadrimEngine()
