"""Guildes: the rules engine (pure, seeded, no pygame). `ENGINE` is what `rules.ENGINES` holds.

Package layout by role: `content.py` and `effects.py` (YAML schema, closed effect vocabulary),
`records.py` (guilds and mages), `state.py` (protocol, dice, log), `flow.py` (the round),
`setup.py`, `upkeep.py` (income, healing centre, recovery), `auction.py`, `preparation.py`
(action cards, placement), `resolution.py`, `play.py` (Work, Trade, Recruit, Leader),
`quests.py` and `duels.py` (the two kinds of combat), `combat.py` (what they share),
`powers.py` (effects, spells), `scoring.py`, `view.py`, `bots.py`, `actions.py`, `prompts.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Engine, seat_count
from rules.guildes.actions import CODEC
from rules.guildes.bots import ALIASES, BOTS, LEVELS, PROBES
from rules.guildes.flow import game
from rules.guildes.state import GuildesState


class GuildesEngine(Engine):
    """Makes games of Guildes for 2 to 5 seats; option `designer_mode` lets a seat force dice."""

    id = "guildes"
    seats = range(2, 6)
    codec = CODEC
    bots = LEVELS
    bot_kinds = BOTS
    probe_kinds = PROBES
    bot_aliases = ALIASES
    hidden_information = True
    # log entries that only tell the seat they name what it chose (or was dealt) itself: the "since
    # your last turn" box leaves them out for that seat (game.hotseat.summary_for), others see them
    own_entry_keys = frozenset({
        "guildes.log.dealt", "guildes.log.leader", "guildes.log.taken_out", "guildes.log.bid",
        "guildes.log.bid_pass", "guildes.log.first_revealed", "guildes.log.dark_power", "guildes.log.placed",
    })

    def options(self, content: Any) -> list[dict[str, Any]]:
        return [{"id": "designer_mode", "label": "guildes.option.designer_mode", "default": False}]

    def new_game(self, content: Any, seats: int | Sequence[Any], seed: int,
                 options: dict[str, Any] | None = None) -> GuildesState:
        n = seat_count(seats)
        if n not in self.seats:
            raise ValueError(f"Guildes is for 2 to 5 seats, got {n}")
        given = dict(options or {})
        opts = {"designer_mode": bool(given.pop("designer_mode", False))}
        if given:
            raise ValueError(f"unknown options: {sorted(given)}")
        return GuildesState(content, n, seed, opts, game)

    def lab_facts(self, state: Any) -> dict[str, Any]:
        """What the designer's lab measures (rules/guildes/lab.py)."""
        from rules.guildes.lab import lab_facts

        return lab_facts(state)


ENGINE = GuildesEngine()
