"""L'Île des Gorges Tranchées: the campaign manager's rules engine (`ENGINE`).

The battles are fought on a real table; this engine runs everything around them. See
content/gorges/README.md for the content files, the rulings, the view and the actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import Engine, seat_count
from rules.gorges.actions import CODEC
from rules.gorges.bots import BOTS
from rules.gorges.state import GorgesState


class GorgesEngine(Engine):
    """Makes campaigns; 2 to 6 generals; everything public."""

    id = "gorges"
    seats = range(2, 7)
    codec = CODEC
    bots = ("random", "captain")  # weakest first; for simulate only (not offered at new game)
    bot_kinds = BOTS
    hidden_information = False

    def options(self, content: Any) -> list[dict[str, Any]]:
        """Turns per season, points cap, relic edge, a second challenge agreed in advance, protected
        capitals (not the rulebook), designer mode."""
        camp = content.campaign
        return [
            {"id": "turns_per_season", "label": "gorges.option.turns_per_season",
             "choices": list(camp.turns_per_season.choices), "default": camp.turns_per_season.default},
            {"id": "points_cap_percent", "label": "gorges.option.points_cap_percent",
             "choices": list(camp.points_cap_percent.choices), "default": camp.points_cap_percent.default},
            {"id": "relic_edge_points", "label": "gorges.option.relic_edge_points",
             "choices": list(camp.relic_edge_points.choices), "default": camp.relic_edge_points.default},
            {"id": "second_challenge", "label": "gorges.option.second_challenge", "default": False},
            {"id": "capitals_protected", "label": "gorges.option.capitals_protected", "default": False},
            {"id": "designer_mode", "label": "gorges.option.designer_mode", "default": False},
            # How the table shows phases 1-4 (the rules ignore it): every roll at once, or one by one.
            {"id": "auto_roll", "label": "gorges.option.auto_roll", "default": False},
        ]

    def resolve_options(self, content: Any, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown ids or values outside the choices raise ValueError."""
        out: dict[str, Any] = {}
        given = dict(options or {})
        for opt in self.options(content):
            value = given.pop(opt["id"], opt["default"])
            if "choices" in opt and value not in opt["choices"]:
                raise ValueError(f"option {opt['id']}: expected one of {opt['choices']}, got {value!r}")
            if "choices" not in opt and not isinstance(value, bool):
                raise ValueError(f"option {opt['id']}: expected true or false, got {value!r}")
            out[opt["id"]] = value
        if given:
            raise ValueError(f"unknown options: {sorted(given)}")
        return out

    def new_game(self, content: Any, seats: int | Sequence[Any], seed: int,
                 options: dict[str, Any] | None = None) -> GorgesState:
        n = seat_count(seats)
        if n not in self.seats:
            raise ValueError(f"gorges is played by 2 to 6 generals, got {n}")
        if n > len(content.capitals):
            raise ValueError(f"the island has {len(content.capitals)} capitals for {n} generals")
        return GorgesState(content, n, seed, self.resolve_options(content, options))

    def lab_facts(self, state: Any) -> dict[str, Any]:
        """What the designer's lab measures (rules/gorges/lab.py)."""
        from rules.gorges.lab import lab_facts

        return lab_facts(state)


ENGINE = GorgesEngine()
