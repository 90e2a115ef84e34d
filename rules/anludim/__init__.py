"""Anludim: the rules engine (pure, seeded, no pygame). `ENGINE` is what `rules.ENGINES` holds.

Package layout by role: `content.py` (YAML schema), `combos.py` (combination strength),
`search.py` (finding combinations in a hand), `table.py` (pieces), `state.py` (turn flow and
handlers), `laying.py` (the lay action), `rounds.py` (round end, rewards, next round),
`legal.py` (listed legal actions), `view.py` (what a seat sees), `bots.py`, `actions.py`.
"""

from __future__ import annotations

from typing import Any

from rules.anludim.actions import CODEC
from rules.anludim.bots import ALIASES, BOTS, LEVELS, PROBES
from rules.anludim.state import AnludimState
from rules.core import Engine, seat_count


class AnludimEngine(Engine):
    """Makes Anludim games; options: `expert` (bool, default False)."""

    id = "anludim"
    seats = range(2, 6)
    codec = CODEC
    bots = LEVELS
    bot_kinds = BOTS
    probe_kinds = PROBES
    bot_aliases = ALIASES
    hidden_information = True

    def new_game(self, content: Any, seats, seed: int, options: dict[str, Any] | None = None) -> AnludimState:
        n = seat_count(seats)
        if n not in self.seats:
            raise ValueError(f"Anludim is for {self.seats.start} to {self.seats.stop - 1} seats, got {n}")
        expert = bool((options or {}).get("expert", False))
        return AnludimState(content, n, seed, expert=expert)

    def lab_facts(self, state: Any) -> dict[str, Any]:
        """What the designer's lab measures (rules/anludim/lab.py)."""
        from rules.anludim.lab import lab_facts

        return lab_facts(state)

    def options(self, content: Any) -> list[dict[str, Any]]:
        return [{"id": "expert", "label": "anludim.option.expert", "default": False}]


ENGINE = AnludimEngine()
