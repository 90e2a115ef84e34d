"""The action phase: from the first player, clockwise, each guild reveals and spends its cubes.

A seat spends its remaining cubes in any order, one concrete action at a time; "end" loses
what is left, and spending the last cube ends its actions too. After the last seat, the turn
is scored. Every check (`why_*`) works on a context: the state itself or `ViewContext` built
from a view, so `targets()` gives the scene exactly the cells the rules accept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules.amadrim.actions import KINDS, UNIT_KINDS, Attack, Create, EndActions, Move, Spell, TakeCity
from rules.amadrim.board import Board, City, Unit, board_from_view, cell_label, second_walks, walk_table
from rules.core import Action, IllegalAction, seat_ref

if TYPE_CHECKING:
    from rules.amadrim.state import AmadrimState

Cell = tuple[int, int]
CREATE, TAKE, ATTACK, SPELL, MOVE = range(len(KINDS))

# -- checks, shared by apply, legal_actions and targets ------------------------------------------


def _cube(ctx: Any, kind: int) -> str | None:
    return None if ctx.remaining[kind] > 0 else "amadrim.illegal.no_cube"


def _own_unit(ctx: Any, seat: int, unit_id: int) -> tuple[Unit | None, str | None]:
    unit = ctx.board.units.get(unit_id)
    if unit is None:
        return None, "amadrim.illegal.no_such_unit"
    if unit.owner != seat:
        return None, "amadrim.illegal.not_your_unit"
    return unit, None


def _own_mage(ctx: Any, seat: int, unit_id: int) -> tuple[Unit | None, str | None]:
    unit, why = _own_unit(ctx, seat, unit_id)
    if unit is not None and unit.kind != "mage":
        return None, "amadrim.illegal.not_a_mage"
    return unit, why


def create_cells(board: Board, seat: int) -> list[Cell]:
    """Free cardinal cells (N, E, S, W) of the seat's cities."""
    cardinal, city_at, unit_at = board.cardinal, board.city_at, board.unit_at  # (listed every decision:
    cells = {c for city in board.cities if city.owner == seat  # `board.is_free` inlined, cardinal
             for c in cardinal[city.cell] if c not in city_at and c not in unit_at}  # cells are on the map)
    return sorted(cells)


def why_create(ctx: Any, seat: int, unit_kind: str, cell: Cell) -> str | None:
    if unit_kind not in UNIT_KINDS:
        return "amadrim.illegal.unknown_unit_kind"
    if cell not in create_cells(ctx.board, seat):
        return "amadrim.illegal.not_a_creation_cell"
    if ctx.pawns_left[seat] == 0:
        return "amadrim.illegal.no_pawn_left"
    return _cube(ctx, CREATE)


def why_move(ctx: Any, seat: int, unit_id: int, path: tuple[Cell, ...]) -> str | None:
    unit, why = _own_unit(ctx, seat, unit_id)
    if unit is None:
        return why
    if unit.moved:
        return "amadrim.illegal.already_moved"
    if not path:
        return "amadrim.illegal.empty_path"
    if len(path) > ctx.remaining[MOVE]:
        return "amadrim.illegal.too_far"
    problem = ctx.board.path_problem(unit, path)
    return f"amadrim.illegal.{problem}" if problem else None


def adjacent(a: Cell, b: Cell, reach: str) -> bool:
    """Neighbours: 8 around (`eight`) or the 4 cardinal cells (`four`)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) == 1 if reach == "eight" else dx + dy == 1


def why_attack(ctx: Any, seat: int, unit_id: int, target_id: int) -> str | None:
    unit, why = _own_mage(ctx, seat, unit_id)
    if unit is None:
        return why
    target = ctx.board.units.get(target_id)
    if target is None:
        return "amadrim.illegal.no_such_target"
    if target.owner == seat:
        return "amadrim.illegal.own_unit"
    if not adjacent(unit.cell, target.cell, ctx.options["attack_reach"]):
        return "amadrim.illegal.not_adjacent"
    if target.kind == "mage" and unit.level <= target.level:
        return "amadrim.illegal.level_too_low"
    return _cube(ctx, ATTACK)


def why_spell(ctx: Any, seat: int, unit_id: int) -> str | None:
    unit, why = _own_mage(ctx, seat, unit_id)
    if unit is None:
        return why
    if unit.levelled:
        return "amadrim.illegal.already_levelled"
    if unit.level >= ctx.max_level:
        return "amadrim.illegal.max_level"
    if not _affords(ctx.stock[seat], ctx.level_cost[unit.level + 1]):
        return "amadrim.illegal.cannot_pay"
    return _cube(ctx, SPELL)


def defended(board: Board, city: City, taker: int, defence: str) -> bool:
    """A guild's city is defended by a mage on a cell around it (8 cells): by one of its
    owner's mages (`owner`), or by any mage not the taker's (`any_guild`)."""
    if city.owner is None:
        return False
    for cell in board.around[city.cell]:
        unit = board.unit_on(cell)
        if unit is not None and unit.kind == "mage" and unit.owner != taker:
            if defence == "any_guild" or unit.owner == city.owner:
                return True
    return False


def why_take(ctx: Any, seat: int, unit_id: int, city_id: int) -> str | None:
    unit, why = _own_mage(ctx, seat, unit_id)
    if unit is None:
        return why
    if not 0 <= city_id < len(ctx.board.cities):
        return "amadrim.illegal.no_such_city"
    city = ctx.board.cities[city_id]
    if city.owner == seat:
        return "amadrim.illegal.own_city"
    if unit.cell not in ctx.board.cardinal[city.cell]:
        return "amadrim.illegal.not_beside_city"
    if defended(ctx.board, city, seat, ctx.options["city_defence"]):
        return "amadrim.illegal.city_defended"
    if not _affords(ctx.stock[seat], ctx.take_cost):
        return "amadrim.illegal.cannot_pay"
    return _cube(ctx, TAKE)


def _affords(stock: list[int], cost: tuple[int, ...]) -> bool:
    return all(have >= need for have, need in zip(stock, cost))


# -- what a seat may do ---------------------------------------------------------------------------


def legal(ctx: Any, seat: int) -> list[Action]:
    """Every concrete action for the remaining cubes (moves: one shortest path per end cell).

    "End" is offered only when the programming does not bind (`unplayed_cubes: forfeit`)
    or when no cube has a use left (then the engine ends the seat's actions by itself)."""
    board, out = ctx.board, []
    if ctx.remaining[CREATE] and ctx.pawns_left[seat] != 0:
        for c in create_cells(board, seat):
            out += _creates(c)
    for unit in board.units_of(seat):
        add_unit_actions(out, ctx, seat, unit, board.closed)
    if not out or not binding(ctx):
        out.append(EndActions())
    return out


@lru_cache(maxsize=1024)
def _creates(cell: Cell) -> tuple[Create, ...]:
    """The `Create` of each unit kind on `cell`, made once (actions are immutable values)."""
    return tuple(Create(kind, cell) for kind in UNIT_KINDS)


def binding(ctx: Any) -> bool:
    """True when programmed cubes must be played while they can (the rulebook's reading)."""
    return ctx.options.get("unplayed_cubes", "binding") == "binding"


def lost_cubes(ctx: Any, seat: int) -> dict[str, str]:
    """The kinds whose remaining cubes have no legal use now, each with the reason key."""
    board, out = ctx.board, {}
    units = board.units_of(seat)
    mages = [u for u in units if u.kind == "mage"]
    usable_kinds = _usable_kinds(ctx, seat, units)
    for i, kind in enumerate(KINDS):
        if not ctx.remaining[i]:
            continue
        if i == CREATE:
            usable = _can_create(ctx, board, seat)
        else:
            usable = kind in usable_kinds
        if not usable:
            out[kind] = _why_lost(ctx, seat, i, units, mages)
    return out


def _can_create(ctx: Any, board: Board, seat: int) -> bool:
    """A free creation cell exists and the guild has a pawn left (`create_cells` non-empty)."""
    cardinal, city_at, unit_at = board.cardinal, board.city_at, board.unit_at  # asked after every spent cube
    for city in board.cities:
        if city.owner == seat:
            for c in cardinal[city.cell]:  # `board.is_free` inlined (cardinal cells are on the map)
                if c not in city_at and c not in unit_at:
                    return ctx.pawns_left[seat] != 0
    return False


def _any_use(ctx: Any, seat: int) -> bool:
    """Some remaining cube has a legal use (the same answer as `lost_cubes` leaving a kind out,
    and as `_usable_kinds(..., first=True)` being non-empty: the same checks, unit after unit,
    stopping at the first use found; this runs after every spent cube)."""
    remaining, board = ctx.remaining, ctx.board
    move, attack, spell, take = remaining[MOVE], remaining[ATTACK], remaining[SPELL], remaining[TAKE]
    if not (move or attack or spell or take):
        return bool(remaining[CREATE]) and _can_create(ctx, board, seat)
    city_at, unit_at, around = board.city_at, board.unit_at, board.around
    for u in board.owned.get(seat, {}).values():
        if move and not u.moved:
            for c in around[u.cell]:
                if c not in city_at and c not in unit_at:
                    return True
        if u.kind != "mage":
            continue
        if attack and _has_prey(ctx, board, seat, u):
            return True
        if spell and _can_level(ctx, seat, u):
            return True
        if take and any(c in city_at and why_take(ctx, seat, u.id, city_at[c]) is None
                        for c in board.cardinal[u.cell]):
            return True
    # create last: the units' checks above most often find a use first, and cost less (a pure
    # answer: the order of the checks changes nothing)
    return bool(remaining[CREATE]) and _can_create(ctx, board, seat)


def _usable_kinds(ctx: Any, seat: int, units: list[Unit], first: bool = False) -> set[str]:
    """The action kinds (create aside) with remaining cubes that some unit can use now: the same
    answer as listing each unit's actions (`unit_actions`), by cheap existence checks that stop
    as soon as every such kind is found (this runs after every spent cube)."""
    wanted = {kind for i, kind in enumerate(KINDS) if ctx.remaining[i] and i != CREATE}
    found: set[str] = set()
    board = ctx.board
    for u in units:
        if wanted <= found or (first and found):
            break
        if "move" in wanted and "move" not in found and not u.moved and any(
                c not in board.city_at and c not in board.unit_at for c in board.around[u.cell]):
            found.add("move")
        if u.kind != "mage":
            continue
        if "attack" in wanted and "attack" not in found and _has_prey(ctx, board, seat, u):
            found.add("attack")
        if "spell" in wanted and "spell" not in found and _can_level(ctx, seat, u):
            found.add("spell")  # (a spell cube left: wanted)
        if "take_city" in wanted and "take_city" not in found and any(
                c in board.city_at and why_take(ctx, seat, u.id, board.city_at[c]) is None
                for c in board.cardinal[u.cell]):
            found.add("take_city")
    return found & wanted


def _has_prey(ctx: Any, board: Board, seat: int, mage: Unit) -> bool:
    """`why_attack` is None for some unit around `mage` (an own mage, an attack cube left)."""
    return bool(_prey_ids(ctx, board, seat, mage))


def _prey_ids(ctx: Any, board: Board, seat: int, mage: Unit) -> list[int]:
    """The units around `mage` for which `why_attack` is None (an own mage, an attack cube
    left), in the order of `board.around`: the same checks without looking the mage up again."""
    four = ctx.options["attack_reach"] != "eight"
    unit_at, units, out = board.unit_at, board.units, []
    for c in board.around[mage.cell]:
        uid = unit_at.get(c)
        if uid is None:
            continue
        target = units[uid]
        if target.owner == seat or (four and not adjacent(mage.cell, c, "four")):
            continue
        if target.kind != "mage" or mage.level > target.level:
            out.append(uid)
    return out


def _can_level(ctx: Any, seat: int, mage: Unit) -> bool:
    """`why_spell` is None for an own mage when a spell cube is left."""
    return not mage.levelled and mage.level < ctx.max_level \
        and _affords(ctx.stock[seat], ctx.level_cost[mage.level + 1])


def _why_lost(ctx: Any, seat: int, kind: int, units: list[Unit], mages: list[Unit]) -> str:
    if kind == CREATE:
        return "amadrim.lost.no_pawn" if ctx.pawns_left[seat] == 0 else "amadrim.lost.create"
    if kind == MOVE:
        return "amadrim.lost.no_unit" if not units else (
            "amadrim.lost.all_moved" if all(u.moved for u in units) else "amadrim.lost.blocked")
    if not mages:
        return "amadrim.lost.no_mage"
    if kind == SPELL:
        if all(u.levelled or u.level >= ctx.max_level for u in mages):
            return "amadrim.lost.all_levelled"
        return "amadrim.lost.spell_cost"
    if kind == ATTACK:
        return "amadrim.lost.no_prey"
    near = any(m.cell in ctx.board.cardinal[c.cell] for m in mages for c in ctx.board.cities if c.owner != seat)
    if near and not _affords(ctx.stock[seat], ctx.take_cost):
        return "amadrim.lost.take_cost"
    return "amadrim.lost.no_city"


def unit_actions(ctx: Any, seat: int, unit: Unit) -> list[Action]:
    """The actions now of `unit`, one of `seat`'s units."""
    out: list[Action] = []
    add_unit_actions(out, ctx, seat, unit)
    return out


def add_unit_actions(out: list[Action], ctx: Any, seat: int, unit: Unit, closed: Any = None) -> None:
    """Append the actions now of `unit`, one of `seat`'s units, to `out`; `closed`: the cells
    with a city or unit (`board.closed` when not given)."""
    board = ctx.board
    steps = ctx.remaining[MOVE]
    if steps and not unit.moved:
        out += _listed_moves(board, unit, steps, closed)
    if unit.kind != "mage":
        return
    if ctx.remaining[ATTACK]:  # (the unit is the seat's mage: `why_attack`'s checks of the target)
        out += [Attack(unit.id, target) for target in _prey_ids(ctx, board, seat, unit)]
    if ctx.remaining[SPELL] and _can_level(ctx, seat, unit):
        out.append(Spell(unit.id))
    if ctx.remaining[TAKE]:
        out += [TakeCity(unit.id, board.city_at[c]) for c in board.cardinal[unit.cell]
                if c in board.city_at and why_take(ctx, seat, unit.id, board.city_at[c]) is None]


def _listed_moves(board: Board, unit: Unit, steps: int, closed: Any) -> list[Move]:
    """The unit's moves of up to `steps` steps (`_short_moves`, `_long_moves`), kept in
    `board.move_lists` and used again while the cells within reach are closed the same (their
    bits, `board.closed_bits`, within the unit's square of `steps` cells, `board.windows`)."""
    cell = unit.cell
    key = (unit.id, cell, steps)
    lists, closed_bits, windows = board.move_lists, board.closed_bits, board.windows[cell]
    last = len(windows) - 1
    seen = closed_bits & windows[min(steps, last)]  # the closed cells within reach
    kept = lists.get(key)
    if kept is not None and kept[0] == seen:  # listed before with the same cells closed around
        return kept[1]
    moves = None
    wider = lists.get((unit.id, cell, steps + 1))
    if wider is not None and wider[0] == closed_bits & windows[min(steps + 1, last)]:
        # the same walk one step further: its shorter paths come first (breadth first, ring
        # after ring) and are these moves, in the same order
        moves = [m for m in wider[1] if len(m.path) <= steps]
    if moves is None:
        if closed is None:
            closed = board.closed
        moves = _short_moves(board, unit, steps, closed) if steps <= 2 else _long_moves(board, unit, steps, closed)
    lists[key] = (seen, moves)
    return moves


#: (map width, height, unit id, cell) -> the move action of each walk of one or two steps from
#: the cell, by its number in `walk_table` (None: not made yet). Moves are immutable values, so
#: the same objects serve every list made again (most walks come back as cells change around
#: the unit) and every game of the process (unit ids are numbered from 1 in each game: a
#: `simulate` worker makes most of its games' moves once). Emptied when it holds
#: `_WALK_MOVES_MAX` lists (some 95,000 moves, 20 MB, after 500 games of 3 apprentices).
_WALK_MOVES: dict[tuple[int, int, int, Cell], list[Any]] = {}
_WALK_MOVES_MAX = 4096


def _short_moves(board: Board, unit: Unit, steps: int, closed: Any) -> list[Move]:
    """The unit's moves of one or two steps: `board.reachable(unit.cell, steps, closed)` walked
    from `walk_table` (the same end cells, paths and order), each move kept by its walk's number
    (a list is made again some 400 times a game, as cells change around the unit)."""
    paths, rings, seconds = walk_table(board.width, board.height)[unit.cell]
    key = (board.width, board.height, unit.id, unit.cell)
    made = _WALK_MOVES.get(key)  # the moves listed before for this unit id from this cell
    if made is None:
        if len(_WALK_MOVES) >= _WALK_MOVES_MAX:
            _WALK_MOVES.clear()
        made = _WALK_MOVES[key] = [None] * len(paths)
    moves = []
    opened = 0  # the bits of the open cells around
    for c1, i, bit, _ in rings:
        if c1 not in closed:
            move = made[i]
            if move is None:
                move = made[i] = _move(unit.id, paths[i])
            moves.append(move)
            opened |= bit
    if steps == 2:  # a cell two steps away, from the first open cell beside it
        second = seconds.get(opened)
        if second is None:
            second = seconds[opened] = second_walks(rings, opened)
        for c2, i in second:
            if c2 not in closed:
                move = made[i]
                if move is None:
                    move = made[i] = _move(unit.id, paths[i])
                moves.append(move)
    return moves


def _long_moves(board: Board, unit: Unit, steps: int, closed: Any) -> list[Move]:
    """The unit's moves of up to `steps` steps (three or more), one per end cell reached."""
    made = board.moves_made.get((unit.id, unit.cell))  # (as `_short_moves`, by path)
    if made is None:
        made = board.moves_made[unit.id, unit.cell] = {}
    moves = []
    for path in board.reachable(unit.cell, steps, closed).values():
        move = made.get(path)
        if move is None:
            move = made[path] = _move(unit.id, path)
        moves.append(move)
    return moves


def _move(uid: int, path: tuple[Cell, ...]) -> Move:
    """`Move(uid, path)` without the frozen dataclass's __init__ (listed by the hundred for every
    decision); equal, hashed and printed the same."""
    move = object.__new__(Move)
    fields = move.__dict__
    fields["unit"] = uid
    fields["path"] = path
    return move


class ViewContext:
    """The checks' context rebuilt from a view (what `targets` needs, nothing secret)."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        colours = [c["id"] for c in view["colours"]]
        self.board = board_from_view(view)
        self.stock = [[s[c] for c in colours] for s in view["stock"]]
        acting = view["phase"] == "actions" and view["current"] == seat and view["remaining"]
        self.remaining = [view["remaining"][k] for k in KINDS] if acting else [0] * len(KINDS)
        self.options = view["options"]
        costs = view["costs"]
        self.take_cost = tuple(costs["take_city"][c] for c in colours)
        self.level_cost = {int(lv): tuple(cost[c] for c in colours) for lv, cost in costs["level_up"].items()}
        self.max_level = len(colours)
        self.pawns_left = view.get("pawns_left") or [None] * view["seats"]


def targets(view_or_state: Any, seat: int, unit_id: int | None, action_kind: str) -> list[list[int]]:
    """Cells to highlight when `seat` picks `unit_id` and action `action_kind` (one of KINDS).

    Exactly the cells of the legal actions now: move → end cells, attack → target units' cells,
    spell → the mage's own cell, take_city → the cities' cells, create → free creation cells
    (unit_id ignored). Empty when it is not that seat's turn to act or no cube is left.
    """
    if isinstance(view_or_state, dict):
        ctx = ViewContext(view_or_state, seat)
    elif view_or_state.phase == "actions" and view_or_state.current == seat:
        ctx = view_or_state
    else:
        return []
    if action_kind == "create":
        usable = ctx.remaining[CREATE] and ctx.pawns_left[seat] != 0
        return [list(c) for c in create_cells(ctx.board, seat)] if usable else []
    unit = ctx.board.units.get(unit_id)
    if unit is None or unit.owner != seat:
        return []
    cells = set()
    for act in unit_actions(ctx, seat, unit):
        if act.type == action_kind:
            cells.add(_target_cell(ctx.board, act))
    return [list(c) for c in sorted(cells)]


def _target_cell(board: Board, act: Action) -> Cell:
    if isinstance(act, Move):
        return act.path[-1]
    if isinstance(act, Attack):
        return board.units[act.target].cell
    if isinstance(act, TakeCity):
        return board.cities[act.city].cell
    return board.units[act.unit].cell


# -- turn order -----------------------------------------------------------------------------------


def start(state: AmadrimState) -> None:
    """All locked: the guilds act one after the other from the first player, clockwise."""
    state.phase = "actions"
    n = state.seats
    state.order = [(state.first_player + i) % n for i in range(n) if not state.out[(state.first_player + i) % n]]
    _next_seat(state)


def _next_seat(state: AmadrimState) -> None:
    while state.order:
        seat = state.order.pop(0)
        state.current = seat
        state.revealed[seat] = True
        state.remaining = list(state.programming[seat])
        state.say("revealed", seat=seat_ref(seat), **dict(zip(KINDS, state.remaining)))
        if sum(state.remaining) and not _stuck(state, seat):
            return
    state.current = None
    state.end_turn()


def _stuck(state: AmadrimState, seat: int) -> bool:
    """Binding programming: when no remaining cube has a use, they are lost (logged with the
    reason of each kind) and the seat's actions end. True when that happened."""
    if state.options.get("unplayed_cubes", "binding") != "binding" or _any_use(state, seat):  # (`binding`)
        return False
    # no remaining cube has a use: each kind with cubes left is lost (`lost_cubes`, without
    # looking for uses again)
    units = state.board.units_of(seat)
    mages = [u for u in units if u.kind == "mage"]
    items = [{"key": "amadrim.log.lost_item", "params": {  # (some 50 times a game)
        "kind": {"key": _KIND_KEYS[i]}, "n": n, "why": {"key": _why_lost(state, seat, i, units, mages)}}}
        for i, n in enumerate(state.remaining) if n]
    state.say("cubes_lost", seat=seat_ref(seat), lost=sum(state.remaining), items=items)
    state.remaining = [0] * len(KINDS)
    return True


_KIND_KEYS = tuple(f"amadrim.kind.{kind}" for kind in KINDS)


def _spent(state: AmadrimState, kind: int, amount: int = 1) -> None:
    state.remaining[kind] -= amount
    if not sum(state.remaining) or _stuck(state, state.current):
        _next_seat(state)


# -- the actions ----------------------------------------------------------------------------------


def create(state: AmadrimState, seat: int, action: Create) -> None:
    why = why_create(state, seat, action.unit_kind, action.cell)
    if why:  # (the parameters made only for a refusal)
        raise IllegalAction(why, cell=cell_label(action.cell), at=list(action.cell))
    unit = Unit(state.next_unit, seat, action.unit_kind, 1 if action.unit_kind == "mage" else 0, action.cell)
    state.next_unit += 1
    state.board.add_unit(unit)
    state.say("created", seat=seat_ref(seat), unit=unit.id, kind={"key": f"amadrim.unit.{unit.kind}"},
              cell=cell_label(unit.cell), at=list(unit.cell))
    _spent(state, CREATE)


def move(state: AmadrimState, seat: int, action: Move) -> None:
    why = why_move(state, seat, action.unit, action.path)
    if why:
        raise IllegalAction(why, unit=action.unit, cubes=state.remaining[MOVE])
    unit = state.board.units[action.unit]
    start_cell = unit.cell
    state.board.move_unit(unit, action.path[-1])
    unit.moved = True
    state.say("moved", seat=seat_ref(seat), unit=unit.id, start=cell_label(start_cell), cell=cell_label(unit.cell), at=list(unit.cell),
              steps=len(action.path))
    if unit.kind == "merchant":
        gained = state.gain_cell(seat, unit.cell, region=False)
        state.say("harvested", seat=seat_ref(seat), unit=unit.id, resources=state.resource_names(gained))
    _spent(state, MOVE, len(action.path))


def attack(state: AmadrimState, seat: int, action: Attack) -> None:
    why = why_attack(state, seat, action.unit, action.target)
    if why:
        raise IllegalAction(why, unit=action.unit, target=action.target)
    unit = state.board.units[action.unit]
    target = state.board.remove_unit(action.target)
    unit.acted = True
    state.captured[seat].append({"owner": target.owner, "kind": target.kind,
                                 "level": target.level if target.kind == "mage" else None})
    state.say("captured", seat=seat_ref(seat), unit=unit.id, victim=seat_ref(target.owner),
              target=target.id, kind={"key": f"amadrim.unit.{target.kind}"}, cell=cell_label(target.cell), at=list(target.cell))
    _spent(state, ATTACK)


def spell(state: AmadrimState, seat: int, action: Spell) -> None:
    why = why_spell(state, seat, action.unit)
    if why:
        raise IllegalAction(why, unit=action.unit)
    unit = state.board.units[action.unit]
    state.pay(seat, state.level_cost[unit.level + 1])
    unit.level += 1
    unit.levelled = unit.acted = True
    state.say("levelled", seat=seat_ref(seat), unit=unit.id, level=unit.level,
              colour=state.colour_text(unit.level - 1, "name"))
    _spent(state, SPELL)


def take_city(state: AmadrimState, seat: int, action: TakeCity) -> None:
    why = why_take(state, seat, action.unit, action.city)
    if why:
        raise IllegalAction(why, unit=action.unit, city=action.city)
    city = state.board.cities[action.city]
    state.pay(seat, state.take_cost)
    previous, city.owner = city.owner, seat
    state.board.units[action.unit].acted = True
    gained = state.gain_cell(seat, city.cell, region=True)
    state.say("city_taken", seat=seat_ref(seat), city=city.id, cell=cell_label(city.cell), at=list(city.cell),
              previous={"key": "amadrim.neutral"} if previous is None else seat_ref(previous), resources=state.resource_names(gained))
    _spent(state, TAKE)


def end_actions(state: AmadrimState, seat: int, action: EndActions) -> None:
    if binding(state):
        playable = [k for i, k in enumerate(KINDS) if state.remaining[i] and k not in lost_cubes(state, seat)]
        if playable:
            raise IllegalAction("amadrim.illegal.cubes_playable",
                                kinds=[{"key": f"amadrim.kind.{k}"} for k in playable])
    state.say("actions_ended", seat=seat_ref(seat), lost=sum(state.remaining))
    state.remaining = [0] * len(KINDS)
    _next_seat(state)
