"""Probe bots for balance tests, never offered to players (`register()` puts them in
`rules.amadrim.bots.PROBES`, which `ENGINE.bot` reads and `ENGINE.bots` does not list).

`spam`: the degenerate strategy of issue 10 — every turn it programs as many "create" cubes as
it can and moves the rest, creates only level-1 mages and moves them off the creation cells.
"""

from __future__ import annotations

import random
from typing import Any

from rules.amadrim.actions import AddCube, Create, EndActions, LockIn, Move, PlaceCity
from rules.amadrim.bots import PROBES
from rules.core import Action


class SpamBot:
    """Only level-1 mages: create as many as possible, move them off the creation cells."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if view["phase"] == "setup":
            return self.rng.choice([a for a in legal if isinstance(a, PlaceCity)])
        me = view["seat"]
        if view["phase"] == "programming":
            mine, cubes = view["programming"][me], view["cubes"][me]
            create = (cubes + 1) // 2
            for kind, want in (("create", create), ("move", cubes - create)):
                if mine[kind] < want and AddCube(kind) in legal:
                    return AddCube(kind)
            return LockIn()
        creates = [a for a in legal if isinstance(a, Create) and a.unit_kind == "mage"]
        if creates:
            return self.rng.choice(creates)
        cities = [tuple(c["cell"]) for c in view["cities"] if c["owner"] == me]
        beside = {(x + dx, y + dy) for x, y in cities for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        units = {u["id"]: tuple(u["cell"]) for u in view["units"]}
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            def score(m: Move) -> float:
                off = units[m.unit] in beside and m.path[-1] not in beside
                return (10 if off else 0) - len(m.path) + self.rng.random()
            return max(moves, key=score)
        return EndActions() if EndActions() in legal else self.rng.choice(legal)


def register() -> None:
    PROBES.setdefault("spam", SpamBot)


register()
