"""Probe bots for balance tests, never offered to players (`register()` puts them in
`rules.amadrim.bots.PROBES`, which `ENGINE.bot` reads and `ENGINE.bots` does not list).

`spam`: the degenerate strategy of issue 10 — every turn it programs as many "create" cubes as
it can and moves the rest, creates only level-1 mages and moves them off the creation cells.
`raid`: the undefended-cities trick of issue 16 — the greedy bot that programs a take-city cube
whenever it can pay for one and a mage exists, and sends its mages at the other seats' cities
before anything else (a bot that never defends its cities loses them to it).
"""

from __future__ import annotations

import random
from typing import Any

from rules.amadrim.actions import AddCube, Create, EndActions, LockIn, Move, PlaceCity, TakeCity
from rules.amadrim.bots import PROBES, GreedyBot
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


class RaidBot(GreedyBot):
    """Greedy, but every turn a take-city cube (when payable) and mages sent at the others' cities."""

    def plan(self, view: dict[str, Any], me: int) -> dict[str, int]:
        plan = super().plan(view, me)
        colours = [c["id"] for c in view["colours"]]
        stock = [view["stock"][me][c] for c in colours]
        take = [view["costs"]["take_city"][c] for c in colours]
        mages = [u for u in view["units"] if u["owner"] == me and u["kind"] == "mage"]
        if mages and plan["take_city"] == 0 and all(h >= n for h, n in zip(stock, take)) and plan["move"] > 0:
            plan["take_city"], plan["move"] = 1, plan["move"] - 1
        if not mages and plan["move"] > 0 and plan["create"] == 0:
            plan["create"], plan["move"] = 1, plan["move"] - 1
        return plan

    def _score(self, view, board, me, colours, act) -> float:
        if isinstance(act, TakeCity):
            return 200
        if isinstance(act, Create) and act.unit_kind == "mage" and not any(
                u.kind == "mage" for u in board.units_of(me)):
            return 90
        if isinstance(act, Move) and board.units[act.unit].kind == "mage":
            end = act.path[-1]
            others = [c.cell for c in board.cities if c.owner != me]
            if others:
                gain = min(max(abs(board.units[act.unit].cell[0] - c[0]), abs(board.units[act.unit].cell[1] - c[1]))
                           for c in others) - min(max(abs(end[0] - c[0]), abs(end[1] - c[1])) for c in others)
                if any(end in board.cardinal[c] for c in others):
                    return 150
                return 60 + 10 * gain
        return super()._score(view, board, me, colours, act)


def register() -> None:
    PROBES.setdefault("spam", SpamBot)
    PROBES.setdefault("raid", RaidBot)


register()
