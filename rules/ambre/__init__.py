"""Ambre: the diceless Tarot story game (3–5 seats). The app keeps the cards and the scene order;
people tell the story.

Split by role: `cards.py` (ids), `scoring.py` (suit values, winner, level, fate — the stable
names), `childhood.py` (deal, names and motivations), `bids.py`, `conflicts.py` (levels and
elements), `acts.py`, `scene.py` (set-up, the scene console, closing), `consequences.py`,
`epilogue.py`, `story.py` (Markdown export), `state.py`, `view.py` (what a seat sees),
`bots.py`, `actions.py`, `content.py`.
"""

from __future__ import annotations

from typing import Any

from rules.ambre.actions import CODEC
from rules.ambre.bots import ALIASES, BOTS, LEVELS, PROBES
from rules.ambre.state import OPTION_KEYS, AmbreState
from rules.core import Engine, seat_count

CHOICES = {"leftover": ("box", "deal"), "raise_tie": ("earlier", "later"), "tie_break_joker": (True, False),
           "close_give_self": (False, True), "consequence_cards": ("face_up", "any")}


SHOWN_OPTIONS = ("raise_tie", "close_give_self", "consequence_cards")


class AmbreEngine(Engine):
    """Makes Ambre games; options override the rulings of `content/ambre/rules.yaml`."""

    id = "ambre"
    seats = range(3, 6)
    codec = CODEC
    bots = LEVELS
    bot_kinds = BOTS
    probe_kinds = PROBES
    bot_aliases = ALIASES
    hidden_information = True

    def new_game(self, content: Any, seats, seed: int, options: dict[str, Any] | None = None) -> AmbreState:
        n = seat_count(seats)
        if n not in self.seats:
            raise ValueError(f"Ambre is for {self.seats.start} to {self.seats.stop - 1} seats, got {n}")
        for key, value in (options or {}).items():
            if key in OPTION_KEYS and value not in CHOICES[key]:
                raise ValueError(f"option {key!r}: expected one of {CHOICES[key]}, got {value!r}")
        return AmbreState(content, n, seed, options)

    def lab_facts(self, state: Any) -> dict[str, Any]:
        """What the designer's lab measures (rules/ambre/lab.py)."""
        from rules.ambre.lab import lab_facts

        return lab_facts(state)

    def options(self, content: Any) -> list[dict[str, Any]]:
        """The rulings a table may change at new game (the others stay in rules.yaml)."""
        rules = content.rules
        out: list[dict[str, Any]] = []
        for key in SHOWN_OPTIONS:
            if isinstance(CHOICES[key][0], bool):
                out.append({"id": key, "label": f"ambre.option.{key}", "default": getattr(rules, key)})
            else:
                out.append({"id": key, "label": f"ambre.option.{key}", "choices": list(CHOICES[key]),
                            "default": getattr(rules, key),
                            "choice_labels": [f"ambre.option.{key}.{v}" for v in CHOICES[key]]})
        return out


ENGINE = AmbreEngine()
