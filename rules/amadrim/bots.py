"""Amadrim bots: three levels offered to people, weakest first (`LEVELS`), plus the old names.

- `apprentice` (Apprenti): plausible moves, cheaply — a simple plan of cubes each turn (at most
  two move cubes: the rest stay unplaced), then take / attack / spell / create when it can, and
  the best of a few moves drawn at random (weights `moves_max`, `sample_moves`, `noise`).
- `adept` (Adepte): the tuned heuristic — every move scored (harvest what it lacks, walk mages
  at prey and cities, shun danger); the plan of cubes from what it holds.
- `master` (Maître): the adept's scores with a look ahead: it keeps a mage beside each of its
  cities (a guarded city cannot be taken; it creates or walks guards there and levels them
  first), and programs a take-city or attack cubes only when one of its mages can reach an
  undefended city or a prey this turn with its cubes.
- `random` (any legal action) and `greedy` (issue 10's bot) stay for old saves and `simulate`.

Every bot sees only its view (never the state) and the legal actions, and draws only from its
own `random.Random(seed)`. Weights come from the view (`view["bots"][level]`, i.e. the content's
bots.yaml); the defaults below are used when a view carries none.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import compress, repeat
from operator import attrgetter, is_, not_
from typing import Any

from rules.amadrim.actions import (
    KINDS,
    AddCube,
    Attack,
    Create,
    LockIn,
    Move,
    PlaceCity,
    RemoveCube,
    Spell,
    TakeCity,
)
from rules.amadrim.board import Board, Unit, board_from_view
from rules.amadrim.programming import ADD
from rules.core import Action

Cell = tuple[int, int]

LEVELS = ("apprentice", "adept", "master")

#: Every weight a level reads, with the value used when bots.yaml leaves it out (README "Bots").
BASE: dict[str, Any] = {
    "merchants": 3, "creates": 3, "attacks": 2, "spells": 3, "take": 100.0, "attack": 80.0,
    "attack_level": 5.0, "spell": 50.0, "spell_max_cost": 6, "create": 35.0, "create_other": 20.0, "harvest": 8.0,
    "need": 6.0, "missing": 4.0, "approach": 4.0, "step_cost": 1.0, "danger": 25.0, "guard": 0.0,
    "leave_post": 0.0, "lookahead": False, "fear": 0, "sample_moves": 0, "noise": 0.1, "moves_max": 99,
}
DEFAULTS: dict[str, dict[str, Any]] = {  # the same as content/amadrim/bots.yaml
    "apprentice": {"sample_moves": 4, "noise": 20.0, "danger": 0.0, "attacks": 1, "spells": 1, "moves_max": 2},
    "adept": {"spell_max_cost": 3, "merchants": 4, "creates": 2},
    "master": {"spell_max_cost": 3, "merchants": 4, "creates": 2, "need": 12.0, "guard": 45.0,
               "leave_post": 60.0, "lookahead": True},
}

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


#: One `AddCube` per kind: the very objects `programming.legal` lists (found by identity first).
_ADD = dict(zip(KINDS, ADD))


_PROGRAMMING = frozenset(("add_cube", "remove_cube", "lock_in", "time_up"))
_ONLY_PLACES = {PlaceCity}
_CELL = attrgetter("cell")


def _has(legal: list[Action], act: Action) -> bool:
    """`act in legal`, by identity before equality (the programming lists share `ADD`'s objects)."""
    return any(map(is_, legal, repeat(act))) or act in legal


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


# -- the three levels -------------------------------------------------------------------------------


class LevelBot:
    """One level of `LEVELS`: a plan of cubes, then the best-scoring action (see the module doc)."""

    level = "adept"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._plan: list[str] | None = None  # the cubes still to place this turn (None: unknown)
        self._known: dict[str, Any] = {}  # the last board built from a view (`board_from_view`)
        self._weights: tuple[Any, dict[str, Any]] | None = None  # the last `weights` and their source

    def weights(self, view: Any) -> dict[str, Any]:
        """The level's weights (shared with the bot's other decisions while the view gives the
        same ones, the same object: read only)."""
        given = (view.get("bots") or {}).get(self.level)
        memo = self._weights
        if memo is not None and memo[0] is given and given is not None:
            return memo[1]
        w = {**BASE, **(DEFAULTS[self.level] if given is None else given)}
        self._weights = (given, w)
        return w

    def choose(self, view: Any, legal: list[Action]) -> Action:
        # programming: the only phase whose lists hold these (so the view is not read to know it:
        # a lazy view, as `simulate` gives, is built only when a new plan is made); the engine's
        # lists hold one phase's actions, so the first one tells (no scan of long move lists)
        if legal and legal[0].type in _PROGRAMMING:
            classes = set(map(type, legal))  # (each action type is one class: actions.CODEC)
            if AddCube in classes or LockIn in classes:
                return self._program(view, legal, classes)
        w = self.weights(view)
        if view["phase"] == "setup":
            return _place(view, legal, self.rng, self._known)
        return self._act(view, legal, w)

    # -- programming --------------------------------------------------------------------------

    def _program(self, view: Any, legal: list[Action], classes: set[type]) -> Action:
        fresh = RemoveCube not in classes  # nothing placed yet this turn
        if fresh or self._plan is None:
            w = self.weights(view)
            me = view["seat"]
            mine = view["programming"][me]
            plan = plan_cubes(view, me, w, self._known)
            self._plan = [k for k in KINDS for _ in range(max(0, plan[k] - mine[k]))]
        if self._plan and _has(legal, _ADD[self._plan[0]]):
            return _ADD[self._plan.pop(0)]
        self._plan = None
        return LockIn()

    # -- action phase -------------------------------------------------------------------------

    def _act(self, view: Any, legal: list[Action], w: dict[str, Any]) -> Action:
        me = view["seat"]
        board = board_from_view(view, self._known)
        ctx = _Scorer(view, board, me, w, self._known)
        # the moves and the others, in order, split by C loops (no action class derives from another)
        is_move = list(map(is_, map(type, legal), repeat(Move)))
        moves = list(compress(legal, is_move))
        others = [] if len(moves) == len(legal) else list(compress(legal, map(not_, is_move)))
        if w["sample_moves"] and len(moves) > w["sample_moves"]:
            moves = self.rng.sample(moves, int(w["sample_moves"]))
        best, best_score = legal[-1], float("-inf")  # "end" when offered comes last
        noise, scored, random = w["noise"], ctx.score, self.rng.random
        for act in others + moves:
            score = scored(act) + random() * noise
            if score > best_score:
                best, best_score = act, score
        return best


class Apprentice(LevelBot):
    level = "apprentice"


class Adept(LevelBot):
    level = "adept"


class Master(LevelBot):
    level = "master"


def _place(view: Any, legal: list[Action], rng: random.Random, known: dict[str, Any] | None = None) -> Action:
    """Set-up: a city where three different resources come, away from the others, near the middle.

    `known` (the bot's memo): each cell's score but for the crowd and the noise, kept (the grid
    does not change in a game), and the crowds (see `_crowds`). Every term is a multiple of 1/4,
    so computed in any order the sum before the noise is exact: the same scores."""
    statics = None if known is None else known.get("place")
    if statics is None:
        statics = _place_statics(view["grid"])
        if known is not None:
            known["place"] = statics
    crowds = _crowds(view["cities"], known)
    # (the set-up's lists hold only placements: told by a C loop, no list made)
    places = legal if {*map(type, legal)} == _ONLY_PLACES else [a for a in legal if isinstance(a, PlaceCity)]
    if not places:
        raise ValueError("no city placement to choose from")  # what `max` of nothing raised
    crowd, noise = crowds.get, rng.random
    scores = [statics[cell] - crowd(cell, 0) * 4 + noise() for cell in map(_CELL, places)]
    return places[scores.index(max(scores))]  # the first best, as `max` gives


def _crowds(cities: list[dict[str, Any]], known: dict[str, Any] | None) -> dict[Cell, int]:
    """Cell -> the cities at `_distance` <= 2 of it. Kept in `known` with the cells of the cities
    counted, and brought up to date with the cities placed since (cities are only added, at the
    end of the list, during set-up): each city is counted once, not at every placement."""
    cells = [c["cell"] for c in cities]
    memo = None if known is None else known.get("crowds")
    if memo is not None and memo[0] == cells[:len(memo[0])]:
        counted, crowds = memo
    else:
        counted, crowds = [], {}
    for cx, cy in cells[len(counted):]:
        for near in [(x, y) for x in range(cx - 2, cx + 3) for y in range(cy - 2, cy + 3)]:
            crowds[near] = crowds.get(near, 0) + 1
    if known is not None:
        known["crowds"] = (cells, crowds)
    return crowds


def _place_statics(grid: dict[str, Any]) -> dict[Cell, float]:
    """`_place`'s score of every cell of the grid but for the crowd and the noise (read only: the
    same dict for every bot and game on the same grid)."""
    return _grid_statics(grid["width"], grid["height"], tuple(grid["columns"]), tuple(grid["rows"]),
                         tuple(map(tuple, grid["regions"])))


@lru_cache(maxsize=16)
def _grid_statics(width: int, height: int, columns: tuple[str, ...], rows: tuple[str, ...],
                  regions: tuple[tuple[str, ...], ...]) -> dict[Cell, float]:
    mid = ((width - 1) / 2, (height - 1) / 2)
    return {(x, y): len({columns[x], rows[y], regions[y][x]}) * 10 - (abs(x - mid[0]) + abs(y - mid[1])) * 0.5
            for x in range(width) for y in range(height)}


def _guarded(board: Board, me: int, city_cell: Cell) -> bool:
    return any((u := board.unit_on(c)) is not None and u.owner == me and u.kind == "mage"
               for c in board.around[city_cell])


def plan_cubes(view: Any, me: int, w: dict[str, Any], known: dict[str, Any] | None = None) -> dict[str, int]:
    """How many cubes to put on each action this turn (`known`: see `board_from_view`)."""
    board = board_from_view(view, known)
    colours, take, level_costs = _costs(view, known)
    mine = view["stock"][me]  # (each key read once: a view may be lazy)
    stock = [mine[c] for c in colours]
    cubes = view["cubes"][me]
    units = board.units_of(me)
    mages = sorted((u for u in units if u.kind == "mage"), key=lambda u: -u.level)
    merchants = [u for u in units if u.kind == "merchant"]
    plan = dict.fromkeys(KINDS, 0)
    look = w["lookahead"]
    reach = cubes  # the most cells a mage could walk this turn
    guards = 0
    if w["guard"] and (view.get("pawns_left") or [None] * view["seats"])[me] != 0 \
            and any(board.is_free(c) for city in board.cities_of(me) for c in board.cardinal[city.cell]):  # creatable
        free = [m for m in mages if not any(m.cell in board.around[c.cell] for c in board.cities_of(me))]
        for city in board.cities_of(me):
            if not _guarded(board, me, city.cell):
                near = [m for m in free if _distance(m.cell, city.cell) <= 2]
                if near:
                    free.remove(near[0])
                else:
                    guards += 1
    if mages and _pay(stock, take):
        if look:
            targets = [c for c in board.cities if c.owner != me]
            ok = any(_distance(m.cell, c.cell) <= reach - 1 and not _defended_now(board, c, me)
                     for m in mages for c in targets)
        else:
            cells = [c.cell for c in board.cities if c.owner != me]  # `_distance` <= 3, inlined
            ok = any(abs(mx - cx) <= 3 and abs(my - cy) <= 3 for mx, my in [m.cell for m in mages] for cx, cy in cells)
        if ok:
            plan["take_city"] = 1
    refused: set[int] = set()  # levels whose spell was not planned: the stock is the same for
    for mage in mages:  # the next mage of that level (`_pay` takes nothing when it refuses)
        if plan["spell"] >= w["spells"]:
            break
        if mage.level in refused:
            continue
        cost = level_costs.get(mage.level + 1)
        if cost is not None and cost[1] <= w["spell_max_cost"] and _pay(stock, cost[0]):
            plan["spell"] += 1
        else:
            refused.add(mage.level)
    preys, most = 0, int(w["attacks"])  # (only `min(most, preys)` is used: counted up to `most`)
    near = min(reach - 1, 3) if look else 2
    hunters = [(m.cell[0], m.cell[1], m.level) for m in mages]
    for u in board.units.values() if hunters else ():
        if u.owner == me:
            continue
        if preys >= most:
            break
        (ux, uy), level, merchant = u.cell, u.level, u.kind == "merchant"
        for mx, my, mlevel in hunters:
            if (merchant or mlevel > level) and abs(mx - ux) <= near and abs(my - uy) <= near:
                preys += 1
                break
    plan["attack"] = min(most, preys)
    room = cubes - sum(plan.values())
    want = w["merchants"]
    plan["create"] = max(0, min(room - 2, int(w["creates"]) if len(merchants) < want else int(w["creates"]) - 1))
    plan["create"] = max(plan["create"], min(guards, room))
    plan["move"] = min(int(w["moves_max"]), max(0, cubes - sum(plan.values())))
    return plan


def _costs(view: Any, known: dict[str, Any] | None) -> tuple[list[str], tuple[int, ...],
                                                              dict[int, tuple[tuple[int, ...], int]]]:
    """The colour ids, the take-city cost and each level's cost with its total (the costs in
    colour order), kept in the bot's memo `known` while the view gives the same colours and costs
    objects (a game's views share them: they never change in a game)."""
    colours_listed, costs = view["colours"], view["costs"]
    memo = known.get("costs") if known is not None else None
    if memo is not None and memo[0] is colours_listed and memo[1] is costs:
        return memo[2]
    colours = [c["id"] for c in colours_listed]
    take = tuple(costs["take_city"][c] for c in colours)
    levels = {int(level): (tuple(cost[c] for c in colours), sum(cost.values()))
              for level, cost in costs["level_up"].items() if cost}  # (an empty cost: no spell)
    made = (colours, take, levels)
    if known is not None:
        known["costs"] = (colours_listed, costs, made)
    return made


def _defended_now(board: Board, city: Any, me: int) -> bool:
    if city.owner is None:
        return False
    return any((u := board.unit_on(c)) is not None and u.owner == city.owner and u.kind == "mage"
               for c in board.around[city.cell])


_FAR = 1 << 30  # farther than any cell: the distance to the nearest of no goal


def _steps_to(boxes: tuple[int, ...], goals: int) -> int:
    """`_distance` from a cell to the nearest of the cells whose bits are `goals`: the first of
    the cell's squares of growing size (`board.windows[cell]`) that holds one (`_FAR`: none)."""
    steps = 0
    for box in boxes:
        if box & goals:
            return steps
        steps += 1
    return _FAR


class _Scorer:
    """The scores of one decision's actions, with the maps they share computed once, when first
    needed (a decision scores a few actions: the apprentice's seldom need them all)."""

    def __init__(self, view: Any, board: Board, me: int, w: dict[str, Any],
                 known: dict[str, Any] | None = None) -> None:
        self.view, self.board, self.me, self.w = view, board, me, w
        self._known = known
        self._merchants: int | None = None
        self._my_cities: list[Any] | None = None
        self._maps: tuple[int, int] | None = None  # see `_mage_maps`
        self._threat: dict[Cell, int] = {}  # cell -> highest enemy mage level that can hit it
        if w["danger"]:
            reach = 1 + int(w["fear"])  # enemies may walk (`fear` cells) before this seat acts again
            for m in board.units.values():
                if m.owner == me or m.kind != "mage":
                    continue
                for x in range(m.cell[0] - reach, m.cell[0] + reach + 1):
                    for y in range(m.cell[1] - reach, m.cell[1] + reach + 1):
                        if self._threat.get((x, y), 0) < m.level:
                            self._threat[(x, y)] = m.level

    @property
    def merchants(self) -> int:
        """How many merchants this seat has."""
        if self._merchants is None:
            me = self.me
            self._merchants = sum(1 for u in self.board.owned.get(me, {}).values() if u.kind == "merchant")
        return self._merchants

    @property
    def my_cities(self) -> list[Any]:
        if self._my_cities is None:
            self._my_cities = self.board.cities_of(self.me)
        return self._my_cities

    def _mage_maps(self) -> tuple[int, int]:
        """What a mage's move is scored on, as bits of cells (`board.bits`), made once per decision:
        the goals (where a mage would go: the other guilds' and neutral cities, the others'
        merchants) and the cells N, E, S or W of such a city."""
        board, me = self.board, self.me
        bits, near = board.bits, board.neighbour_bits
        goals = beside_city = 0
        for city in board.cities:
            if city.owner != me:
                goals |= bits[city.cell]
                beside_city |= near[city.cell][1]
        for owner, merchants in board.merchant_bits.items():
            if owner != me:
                goals |= merchants
        maps = self._maps = (goals, beside_city)
        return maps

    def danger(self, unit: Unit, cell: Cell) -> bool:
        level = self._threat.get(cell, 0)
        return level > 0 and (unit.kind == "merchant" or level > unit.level)

    def post(self, cell: Cell) -> Any:
        """The own city `cell` guards (one of the 8 cells around it), or None."""
        for city in self.my_cities:
            if cell in self.board.around[city.cell]:
                return city
        return None

    def score(self, act: Action) -> float:
        w, board, me = self.w, self.board, self.me
        if type(act) is Move:  # most of what is scored first (no action class derives from another)
            unit = board.units[act.unit]
            end = act.path[-1]
            value = -w["danger"] if w["danger"] and self.danger(unit, end) else 0.0
            if unit.kind == "merchant":
                return value + self._harvest_value(end) - 2 * w["step_cost"] * len(act.path)
            if w["guard"]:
                here, there = self.post(unit.cell), self.post(end)
                if here is not None and (there is None or there.id != here.id):
                    if not self._other_guard(here, unit):
                        value -= w["leave_post"]
                if there is not None and (here is None or here.id != there.id) \
                        and not _guarded(board, me, there.cell):
                    value += w["guard"]
            return value + self._mage_move_value(unit, end) - w["step_cost"] * len(act.path)
        kind = type(act)
        if kind is Create:  # (the most common of the others: one per unit kind and free cell)
            want_merchant = self.merchants < w["merchants"]
            if w["guard"] and act.unit_kind == "mage":
                city = self.post(act.cell)
                if city is not None and not _guarded(board, me, city.cell):
                    return w["create"] + w["guard"]
            return w["create"] if (act.unit_kind == "merchant") == want_merchant else w["create_other"]
        if kind is TakeCity:
            return w["take"]
        if kind is Attack:
            return w["attack"] + (board.units[act.target].level or 0) * w["attack_level"]
        if kind is Spell:
            unit = board.units[act.unit]
            return w["spell"] + (5 if w["guard"] and self.post(unit.cell) is not None else 0)
        return 0.0

    def _other_guard(self, city: Any, unit: Unit) -> bool:
        return any((u := self.board.unit_on(c)) is not None and u.owner == self.me and u.kind == "mage"
                   and u.id != unit.id for c in self.board.around[city.cell])

    def _harvest_value(self, cell: Cell) -> float:
        grid = self.__dict__.get("_grid")
        if grid is None:
            grid = self._grid = self.view["grid"]
        value = 0.0
        for colour in (grid["columns"][cell[0]], grid["rows"][cell[1]]):
            value += self._colour_value(colour)
        return value

    def _colour_value(self, colour: str) -> float:
        """What one resource of `colour` is worth to this seat now (asked for every merchant move)."""
        values = self.__dict__.get("_colour_values")
        if values is None:
            values = self._colour_values = {}
            self._stock = self.view["stock"]
        v = values.get(colour)
        if v is None:
            me, w, stock = self.me, self.w, self._stock
            mine = stock[me][colour]
            best_other = max((s[colour] for i, s in enumerate(stock) if i != me), default=0)
            v = values[colour] = w["harvest"] + (w["need"] if mine <= best_other else 0) + (w["missing"] if mine == 0 else 0)
        return v

    def _mage_move_value(self, unit: Unit, cell: Cell) -> float:
        """40 beside (N, E, S or W of) a city not its guild's, else 30 beside (around) a unit it
        may capture, else `approach` for each step nearer the nearest goal."""
        board, me = self.board, self.me
        goals, beside_city = self._maps or self._mage_maps()
        if board.bits[cell] & beside_city:
            return 40
        unit_at, units = board.unit_at, board.units
        for near in board.around[cell]:
            uid = unit_at.get(near)  # `board.unit_on` inlined
            if uid is not None:
                other = units[uid]
                if other.owner != me and (other.kind == "merchant" or unit.level > other.level):
                    return 30
        if not goals:
            return 0
        windows = board.windows
        return self.w["approach"] * (_steps_to(windows[unit.cell], goals) - _steps_to(windows[cell], goals))


BOTS: dict[str, Any] = {"apprentice": Apprentice, "adept": Adept, "master": Master,
                        "random": RandomBot, "greedy": GreedyBot}
