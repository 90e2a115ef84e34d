"""Amadrim bots: `random` (any legal action) and `greedy` (a hand-made plan and scores).

Both see only their view and the legal actions, and draw only from their own
`random.Random(seed)`.
"""

from __future__ import annotations

import random
from typing import Any

from rules.amadrim.actions import (
    KINDS,
    AddCube,
    Attack,
    Create,
    LockIn,
    Move,
    PlaceCity,
    Spell,
    TakeCity,
)
from rules.amadrim.board import Board, Unit, board_from_view
from rules.core import Action

Cell = tuple[int, int]

#: Test-only bots (probes such as tests/amadrim/probes.py register here): `ENGINE.bot` finds
#: them by name, but `ENGINE.bots` (what players are offered) never lists them.
PROBES: dict[str, Any] = {}


class RandomBot:
    """Picks any legal action, uniformly, but never `time_up`: a bot has no sand-timer, and the
    log must not say a bot's time ran out when it simply validated."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice([a for a in legal if a.type != "time_up"] or legal)


def _distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class GreedyBot:
    """Programs a sensible spread of cubes, then plays the best-scoring action each time."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if view["phase"] == "setup":
            return self._place(view, legal)
        if view["phase"] == "programming":
            return self._program(view, legal)
        return self._act(view, legal)

    # -- set-up ------------------------------------------------------------------------------

    def _place(self, view: dict[str, Any], legal: list[Action]) -> Action:
        grid = view["grid"]
        mid = ((grid["width"] - 1) / 2, (grid["height"] - 1) / 2)

        def score(a: PlaceCity) -> float:
            x, y = a.cell
            colours = {grid["columns"][x], grid["rows"][y], grid["regions"][y][x]}
            others = [c["cell"] for c in view["cities"]]
            crowd = sum(1 for c in others if _distance(tuple(c), a.cell) <= 2)
            centre = abs(x - mid[0]) + abs(y - mid[1])
            return len(colours) * 10 - crowd * 4 - centre * 0.5 + self.rng.random()

        return max((a for a in legal if isinstance(a, PlaceCity)), key=score)

    # -- programming -------------------------------------------------------------------------

    def _program(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        plan = self.plan(view, me)
        mine = view["programming"][me]
        for kind in KINDS:
            if mine[kind] < plan[kind] and AddCube(kind) in legal:
                return AddCube(kind)
        return LockIn()

    def plan(self, view: dict[str, Any], me: int) -> dict[str, int]:
        """How many cubes to put on each action this turn."""
        board = board_from_view(view)
        colours = [c["id"] for c in view["colours"]]
        stock = [view["stock"][me][c] for c in colours]
        cubes = view["cubes"][me]
        mages = sorted((u for u in board.units_of(me) if u.kind == "mage"), key=lambda u: -u.level)
        merchants = [u for u in board.units_of(me) if u.kind == "merchant"]
        plan = dict.fromkeys(KINDS, 0)
        take = tuple(view["costs"]["take_city"][c] for c in colours)
        if mages and _pay(stock, take) and self._city_near(board, me, mages):
            plan["take_city"] = 1
        for mage in mages:
            cost = view["costs"]["level_up"].get(str(mage.level + 1))
            if cost and _pay(stock, tuple(cost[c] for c in colours)):
                plan["spell"] += 1
        plan["attack"] = min(2, self._preys(board, me, mages))
        room = cubes - sum(plan.values())
        plan["create"] = max(0, min(room - 2, 3 if len(merchants) < 3 else 2))
        plan["move"] = max(0, cubes - sum(plan.values()))
        return plan

    def _city_near(self, board: Board, me: int, mages: list[Unit]) -> bool:
        return any(c.owner != me and _distance(m.cell, c.cell) <= 3 for m in mages for c in board.cities)

    def _preys(self, board: Board, me: int, mages: list[Unit]) -> int:
        return sum(1 for u in board.units.values() if u.owner != me and any(
            _distance(m.cell, u.cell) <= 2 and (u.kind == "merchant" or m.level > u.level) for m in mages))

    # -- action phase ------------------------------------------------------------------------

    def _act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        board = board_from_view(view)
        colours = [c["id"] for c in view["colours"]]
        best, best_score = legal[-1], float("-inf")  # "end" when offered comes last
        for act in legal:
            score = self._score(view, board, me, colours, act) + self.rng.random() * 0.1
            if score > best_score:
                best, best_score = act, score
        return best

    def _score(self, view: dict[str, Any], board: Board, me: int, colours: list[str], act: Action) -> float:
        if isinstance(act, TakeCity):
            return 100
        if isinstance(act, Attack):
            return 80 + (board.units[act.target].level or 0) * 5
        if isinstance(act, Spell):
            return 50
        if isinstance(act, Create):
            merchants = sum(1 for u in board.units_of(me) if u.kind == "merchant")
            want_merchant = merchants < 3
            return 35 if (act.unit_kind == "merchant") == want_merchant else 20
        if isinstance(act, Move):
            unit = board.units[act.unit]
            end = act.path[-1]
            danger = -25 if self._threatened(board, me, unit, end) else 0
            if unit.kind == "merchant":
                return self._harvest_value(view, me, colours, end) - 2 * len(act.path) + danger
            return self._mage_move_value(board, me, unit, end) - len(act.path) + danger
        return 0

    def _threatened(self, board: Board, me: int, unit: Unit, cell: Cell) -> bool:
        for near in board.around[cell]:
            other = board.unit_on(near)
            if other and other.owner != me and other.kind == "mage" and other.id != unit.id:
                if unit.kind == "merchant" or other.level > unit.level:
                    return True
        return False

    def _harvest_value(self, view: dict[str, Any], me: int, colours: list[str], cell: Cell) -> float:
        grid = view["grid"]
        value = 0.0
        for colour in (grid["columns"][cell[0]], grid["rows"][cell[1]]):
            mine = view["stock"][me][colour]
            best_other = max((s[colour] for i, s in enumerate(view["stock"]) if i != me), default=0)
            value += 8 + (6 if mine <= best_other else 0) + (4 if mine == 0 else 0)
        return value

    def _mage_move_value(self, board: Board, me: int, unit: Unit, cell: Cell) -> float:
        for city in board.cities:
            if city.owner != me and cell in board.cardinal[city.cell]:
                return 40
        for near in board.around[cell]:
            other = board.unit_on(near)
            if other and other.owner != me and (other.kind == "merchant" or unit.level > other.level):
                return 30
        goals = [c.cell for c in board.cities if c.owner != me]
        goals += [u.cell for u in board.units.values() if u.owner != me and u.kind == "merchant"]
        if not goals:
            return 0
        before = min(_distance(unit.cell, g) for g in goals)
        after = min(_distance(cell, g) for g in goals)
        return 4 * (before - after)


def _pay(stock: list[int], cost: tuple[int, ...]) -> bool:
    """Take `cost` out of `stock` if it is all there."""
    if all(have >= need for have, need in zip(stock, cost)):
        for i, need in enumerate(cost):
            stock[i] -= need
        return True
    return False
