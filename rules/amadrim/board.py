"""The map of Amadrim as the rules see it: cells, quadrants, cities and units.

A `Board` knows where every city and unit stands and answers the geometric questions of the
rules: edge cells, quadrants, neighbours (8 directions) and cardinal cells (N, E, S, W), free
cells and where a unit can walk. It holds no resources and no scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

Cell = tuple[int, int]

EIGHT = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
FOUR = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W


def cell_label(cell: Cell) -> str:
    """A cell as players name it: column letter from A, row number from 1 ("C4")."""
    try:
        return _LABELS[cell]  # (two or three in most log entries)
    except (KeyError, TypeError):  # off the table below, or not a tuple
        return f"{chr(ord('A') + cell[0])}{cell[1] + 1}"


#: `cell_label` of the cells of maps up to 26 columns and 40 rows, made once.
_LABELS = {(x, y): f"{chr(ord('A') + x)}{y + 1}" for x in range(26) for y in range(40)}


@dataclass
class Unit:
    """A guild's piece on the map: a merchant (level 0) or a mage (level 1..6)."""

    id: int
    owner: int
    kind: str
    level: int
    cell: Cell
    moved: bool = False      # made its one move of this turn
    acted: bool = False      # attacked, rose a level or took a city this turn
    levelled: bool = False   # already rose a level this turn

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "owner": self.owner, "kind": self.kind,
                "level": self.level if self.kind == "mage" else None, "cell": list(self.cell),
                "moved": self.moved, "acted": self.acted, "levelled": self.levelled}

    def view_json(self) -> dict[str, Any]:
        """`to_json()`, the same dict again while the unit has not changed (views share it: read
        only)."""
        key = (self.cell, self.level, self.moved, self.acted, self.levelled)
        memo = self.__dict__.get("_view")
        if memo is None or memo[0] != key:
            memo = self._view = (key, self.to_json())
        return memo[1]


@dataclass
class City:
    """A city on one cell; `owner` is a seat or None (neutral)."""

    id: int
    cell: Cell
    owner: int | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "cell": list(self.cell), "owner": self.owner}


@lru_cache(maxsize=16)
def neighbour_table(width: int, height: int, dirs: tuple[Cell, ...]) -> dict[Cell, tuple[Cell, ...]]:
    """For every cell, its neighbours on the map in the directions `dirs`."""
    return {(x, y): tuple((x + dx, y + dy) for dx, dy in dirs
                          if 0 <= x + dx < width and 0 <= y + dy < height)
            for x in range(width) for y in range(height)}


@lru_cache(maxsize=16)
def ring_table(width: int, height: int) -> dict[Cell, tuple[tuple[Cell, tuple[Cell, ...]], ...]]:
    """For every cell, its 8 neighbours (in `EIGHT` order), each with those of its own neighbours
    (in `EIGHT` order) that are two steps from the cell: the walks of one or two steps."""
    around = neighbour_table(width, height, EIGHT)
    return {(x, y): tuple((c1, tuple(c2 for c2 in around[c1] if max(abs(c2[0] - x), abs(c2[1] - y)) == 2))
                          for c1 in around[(x, y)])
            for (x, y) in around}


@lru_cache(maxsize=16)
def walk_table(width: int, height: int) -> dict[Cell, tuple[tuple[tuple[Cell, ...], ...], tuple[Any, ...], Any]]:
    """`ring_table` with every walk numbered, for every cell: (paths, rings, seconds), `paths[i]`
    the walk numbered i, `rings` the 8 cells around, each as (cell, number of its walk, its bit,
    far) with `far` its cells two steps away as (cell, number of the walk through it, the bits of
    the cells around met before it that also lead there), `seconds` a dict filled as asked: the
    bits of the open cells around -> `second_walks` (at most 256 entries a cell, shared by the
    boards of a size). Lets a unit's move actions be kept in a list by walk number and the cells
    two steps away be found once per pattern of open cells around (`action_phase._short_moves`):
    no path tuple made or hashed to find them, no cell two steps away looked at twice."""
    table = {}
    for start, rings in ring_table(width, height).items():
        paths: list[tuple[Cell, ...]] = []
        numbered = []
        leading: dict[Cell, int] = {}  # a cell two steps away -> the bits of the cells around met so far that lead there
        for k, (c1, far) in enumerate(rings):
            paths.append((c1,))
            first = len(paths) - 1
            seconds = []
            for c2 in far:
                paths.append((c1, c2))
                seconds.append((c2, len(paths) - 1, leading.get(c2, 0)))
                leading[c2] = leading.get(c2, 0) | 1 << k
            numbered.append((c1, first, 1 << k, tuple(seconds)))
        table[start] = (tuple(paths), tuple(numbered), {})
    return table


@lru_cache(maxsize=16)
def cell_bits(width: int, height: int) -> dict[Cell, int]:
    """Every cell's bit (`1 << (y * width + x)`): a set of cells as an int (`Board.closed_bits`)."""
    return {(x, y): 1 << (y * width + x) for x in range(width) for y in range(height)}


@lru_cache(maxsize=16)
def neighbour_bits(width: int, height: int) -> dict[Cell, tuple[int, int]]:
    """For every cell, the bits (`cell_bits`) of its 8 neighbours and of its 4 cardinal ones."""
    bits = cell_bits(width, height)
    around, cardinal = neighbour_table(width, height, EIGHT), neighbour_table(width, height, FOUR)
    return {cell: (sum(bits[c] for c in around[cell]), sum(bits[c] for c in cardinal[cell])) for cell in bits}


@lru_cache(maxsize=16)
def window_table(width: int, height: int) -> dict[Cell, tuple[int, ...]]:
    """For every cell, the bits (`cell_bits`) of the cells within 0, 1, 2… steps of it (its square
    of side 2 × steps + 1, cut by the map's edges), up to the whole map: what a walk of that many
    steps from the cell may meet (`action_phase._listed_moves` keeps move lists by them)."""
    bits = cell_bits(width, height)
    reach = max(width, height)
    return {(x, y): tuple(sum(bit for (cx, cy), bit in bits.items() if abs(cx - x) <= r and abs(cy - y) <= r)
                          for r in range(reach))
            for x in range(width) for y in range(height)}


def second_walks(rings: tuple[Any, ...], opened: int) -> tuple[tuple[Cell, int], ...]:
    """The cells two steps away that a walk reaches when the cells around whose bits are in
    `opened` are open, each with the number of its walk through the first open cell beside it,
    in the walk's order (kept by `walk_table`'s third part, by `opened`)."""
    out = []
    for _, _, bit, far in rings:
        if opened & bit:
            out += [(c2, i) for c2, i, before in far if not opened & before]
    return tuple(out)


@dataclass
class Board:
    """Cities and units on a `width` × `height` grid split in quadrants."""

    width: int
    height: int
    quadrant_width: int
    quadrant_height: int
    cities: list[City] = field(default_factory=list)
    units: dict[int, Unit] = field(default_factory=dict)
    city_at: dict[Cell, int] = field(default_factory=dict)
    unit_at: dict[Cell, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.around = neighbour_table(self.width, self.height, EIGHT)
        self.cardinal = neighbour_table(self.width, self.height, FOUR)
        # (unit id, cell, steps) -> (the bits of the closed cells within `steps` of the cell, that
        # unit's move actions then) (`action_phase._listed_moves`): the moves depend only on
        # those cells, so a list is used again while they are the same (`closed_bits`, compared
        # within `windows`). Not a dataclass field: no eq, no repr.
        self.move_lists: dict[tuple[int, Cell, int], tuple[int, list[Any]]] = {}
        # (unit id, cell) -> path -> the move action, made once (immutable values listed again
        # each time a list of `move_lists` is made again)
        self.moves_made: dict[tuple[int, Cell], dict[tuple[Cell, ...], Any]] = {}
        # seat -> its units by id, in the order of `units` (kept by `add_unit` and `remove_unit`:
        # the units of one seat without going through every unit; not a dataclass field)
        self.owned: dict[int, dict[int, Unit]] = {}
        # the cells with a city or a unit (`city_at` and `unit_at` together, kept by the methods
        # below: asked for every list of moves made again; not a dataclass field)
        self.closed: set[Cell] = set()
        self.bits = cell_bits(self.width, self.height)
        self.closed_bits = 0  # `closed` as an int of the cells' bits (`cell_bits`)
        self.windows = window_table(self.width, self.height)
        self.neighbour_bits = neighbour_bits(self.width, self.height)
        self.merchant_bits: dict[int, int] = {}  # owner -> the bits of its merchants' cells (kept
        # as units come, go and move, like `closed_bits`: read by the bots' scores of mage moves)
        self.roster = 0  # units added or removed so far (not moved): see `AmadrimState.pawns_left`
        self.cities_view: tuple[tuple[Any, ...], list[dict[str, Any]]] | None = None  # `cities_json`

    def cities_json(self) -> list[dict[str, Any]]:
        """The cities' `to_json()`, the same list again while no city was added or taken."""
        key = tuple([c.owner for c in self.cities])
        memo = self.cities_view
        if memo is None or memo[0] != key:
            memo = self.cities_view = (key, [c.to_json() for c in self.cities])
        return memo[1]

    # -- geometry ------------------------------------------------------------------------------

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def on_edge(self, cell: Cell) -> bool:
        """A cell of the outer ring (it lacks a neighbour on some side)."""
        x, y = cell
        return x in (0, self.width - 1) or y in (0, self.height - 1)

    def quadrant(self, cell: Cell) -> int:
        """Quadrant index, row by row from the top-left one."""
        across = self.width // self.quadrant_width
        return (cell[1] // self.quadrant_height) * across + cell[0] // self.quadrant_width

    def quadrant_bounds(self) -> list[dict[str, int]]:
        """Each quadrant as {"index", "x0", "y0", "x1", "y1"} (x1, y1 exclusive)."""
        qw, qh = self.quadrant_width, self.quadrant_height
        return [{"index": self.quadrant((x, y)), "x0": x, "y0": y, "x1": x + qw, "y1": y + qh}
                for y in range(0, self.height, qh) for x in range(0, self.width, qw)]

    def neighbours(self, cell: Cell, reach: str = "eight") -> tuple[Cell, ...]:
        """Adjacent cells: all 8 around, or the 4 cardinal ones."""
        return (self.around if reach == "eight" else self.cardinal)[cell]

    def is_free(self, cell: Cell) -> bool:
        """On the map, with neither a city nor a unit."""
        return cell in self.around and cell not in self.city_at and cell not in self.unit_at

    # -- pieces --------------------------------------------------------------------------------

    def add_city(self, cell: Cell, owner: int | None) -> City:
        city = City(len(self.cities), cell, owner)
        self.cities.append(city)
        self.city_at[cell] = city.id
        self.closed.add(cell)
        self.closed_bits |= self.bits[cell]
        return city

    def add_unit(self, unit: Unit) -> None:
        self.units[unit.id] = unit
        self.unit_at[unit.cell] = unit.id
        self.owned.setdefault(unit.owner, {})[unit.id] = unit
        self.roster += 1
        self.closed.add(unit.cell)
        self.closed_bits |= self.bits[unit.cell]
        if unit.kind == "merchant":
            self.merchant_bits[unit.owner] = self.merchant_bits.get(unit.owner, 0) | self.bits[unit.cell]

    def remove_unit(self, unit_id: int) -> Unit:
        unit = self.units.pop(unit_id)
        del self.unit_at[unit.cell]
        del self.owned[unit.owner][unit_id]
        self.roster += 1
        self.closed.discard(unit.cell)
        self.closed_bits &= ~self.bits[unit.cell]
        if unit.kind == "merchant":
            self.merchant_bits[unit.owner] = self.merchant_bits.get(unit.owner, 0) & ~self.bits[unit.cell]
        return unit

    def move_unit(self, unit: Unit, cell: Cell) -> None:
        del self.unit_at[unit.cell]
        self.closed.discard(unit.cell)
        bits = self.bits
        self.closed_bits = self.closed_bits & ~bits[unit.cell] | bits[cell]
        if unit.kind == "merchant":
            self.merchant_bits[unit.owner] = self.merchant_bits.get(unit.owner, 0) & ~bits[unit.cell] | bits[cell]
        unit.cell = cell
        self.unit_at[cell] = unit.id
        self.closed.add(cell)

    def cities_of(self, seat: int) -> list[City]:
        return [c for c in self.cities if c.owner == seat]

    def units_of(self, seat: int) -> list[Unit]:
        """The seat's units, in the order of `units`."""
        return list(self.owned.get(seat, {}).values())

    def unit_on(self, cell: Cell) -> Unit | None:
        uid = self.unit_at.get(cell)
        return None if uid is None else self.units[uid]

    # -- movement ------------------------------------------------------------------------------

    def reachable(self, start: Cell, steps: int, closed: Any = None) -> dict[Cell, tuple[Cell, ...]]:
        """Cells a unit on `start` can end on within `steps` moves, each with a shortest path
        (breadth first, one ring of steps after the other: cells in the order they are found).
        `closed`: the cells with a city or a unit, when the caller has computed them."""
        if closed is None:
            closed = self.closed  # cells no unit enters
        if steps == 1 or steps == 2:  # the same walk from a table of the rings (every decision)
            near: dict[Cell, tuple[Cell, ...]] = {}
            rings = ring_table(self.width, self.height)[start]
            for c1, _ in rings:
                if c1 not in closed:
                    near[c1] = (c1,)
            if steps == 2:  # a cell two steps away, from the first open cell beside it
                for c1, far in rings:
                    if c1 in near:
                        for c2 in far:
                            if c2 not in near and c2 not in closed:
                                near[c2] = (c1, c2)
            return near
        around = self.around
        paths: dict[Cell, tuple[Cell, ...]] = {start: ()}
        frontier = [start]
        for _ in range(steps):
            found = []
            for cell in frontier:
                path = paths[cell]
                for nxt in around[cell]:
                    if nxt not in paths and nxt not in closed:
                        paths[nxt] = path + (nxt,)
                        found.append(nxt)
            if not found:
                break
            frontier = found
        del paths[start]
        return paths

    def path_problem(self, unit: Unit, path: tuple[Cell, ...]) -> str | None:
        """Why `unit` cannot walk `path` (a reason key suffix), or None if it can."""
        here = unit.cell
        if path and path[-1] == unit.cell:
            return "back_to_start"
        for cell in path:
            if cell not in self.around or cell not in self.around[here]:
                return "not_a_step"
            if cell in self.city_at or self.unit_at.get(cell, unit.id) != unit.id:
                return "blocked"
            here = cell
        return None


def board_from_view(view: dict[str, Any], known: dict[str, Any] | None = None) -> Board:
    """Rebuild a board from a view (for `targets` and the bots).

    `known` (a bot's, empty at first): the board is the one the last call for a bot of the same
    game returned (`_game_boards`), brought up to date from the view's log (`follow_log`)
    instead of made again from the view's units, and kept in `known` too; it is changed in
    place from one decision to the next: read only."""
    if known is not None:
        followed = _game_board(view)
        board = follow_log(view, followed)
        if board is not None:
            known["board"] = board
            return board
    grid = view["grid"]
    board = Board(grid["width"], grid["height"], grid["quadrant"]["width"], grid["quadrant"]["height"])
    _set_cities(board, view["cities"])
    units, unit_at, owned = board.units, board.unit_at, board.owned
    for u in view["units"]:
        piece = _unit_of(u)
        units[piece.id] = piece
        unit_at[piece.cell] = piece.id
        owned.setdefault(piece.owner, {})[piece.id] = piece
    board.closed.update(unit_at)
    bits, merchant_bits = board.bits, board.merchant_bits
    for cell in unit_at:
        board.closed_bits |= bits[cell]
    for piece in units.values():
        if piece.kind == "merchant":
            merchant_bits[piece.owner] = merchant_bits.get(piece.owner, 0) | bits[piece.cell]
    if known is not None:
        log = view["log"]
        followed.update(board=board, seen=log[-1] if log else None)
        known["board"] = board
    return board


#: The bots' boards followed from the log, one per game: (the game's grid, as its views share it,
#: {"board", "seen"}), the latest game first, at most `_GAME_BOARDS_MAX`. The log is public, so
#: the bots of a game may share the board made from it: each entry is followed once, not once
#: per bot. Held by the grid object itself (never by an id that a later game could reuse).
_game_boards: list[tuple[Any, dict[str, Any]]] = []
_GAME_BOARDS_MAX = 4


def _game_board(view: dict[str, Any]) -> dict[str, Any]:
    """The followed board (`_game_boards`) of the game `view` is of."""
    grid = view["grid"]
    for key, followed in _game_boards:
        if key is grid:
            return followed
    followed = {}
    _game_boards.insert(0, (grid, followed))
    del _game_boards[_GAME_BOARDS_MAX:]
    return followed


def follow_log(view: dict[str, Any], known: dict[str, Any]) -> Board | None:
    """The board of `known` after the view's log entries since the last one it had seen (the
    log names every unit created, moved, captured or levelled, and every guild's city placed or
    taken; the views share the entries, so the last one seen is found by identity); None when
    that entry is not in the view's log (a first call, or a view of another game or from JSON):
    then the board must be made from the view's units and cities. The units' `moved`, `acted`
    and `levelled` flags are not followed (the log does not name the unit that took a city, and
    the bots do not read them)."""
    board, seen = known.get("board"), known.get("seen")
    if board is None or seen is None:
        return None
    log = view["log"]
    start = len(log) - 1
    while start >= 0 and log[start] is not seen:  # (a few entries back: what the others did since)
        start -= 1
    if start < 0:
        return None
    for item in log[start + 1:]:
        follow = _FOLLOW.get(item["key"])
        if follow is not None:
            follow(board, item["params"])
    known["seen"] = log[-1]
    return board


def _moved(board: Board, params: dict[str, Any]) -> None:
    board.move_unit(board.units[params["unit"]], tuple(params["at"]))


def _created(board: Board, params: dict[str, Any]) -> None:
    kind = params["kind"]["key"].rsplit(".", 1)[1]  # {"key": "amadrim.unit.<kind>"}
    board.add_unit(_unit_of({"id": params["unit"], "owner": params["seat"]["seat"], "kind": kind,
                             "level": 1 if kind == "mage" else 0, "cell": params["at"],
                             "moved": False, "acted": False, "levelled": False}))


def _captured(board: Board, params: dict[str, Any]) -> None:
    board.remove_unit(params["target"])


def _levelled(board: Board, params: dict[str, Any]) -> None:
    board.units[params["unit"]].level = params["level"]


def _city_placed(board: Board, params: dict[str, Any]) -> None:
    _add_city(board, tuple(params["at"]), params["seat"]["seat"])  # (ids in the order placed)


def _city_taken(board: Board, params: dict[str, Any]) -> None:
    board.cities[params["city"]].owner = params["seat"]["seat"]


#: What `follow_log` does with each log entry that changes a unit or a city (the others change
#: neither; the neutral cities, placed before the first entry, come from the view's cities).
_FOLLOW = {"amadrim.log.moved": _moved, "amadrim.log.created": _created,
           "amadrim.log.captured": _captured, "amadrim.log.levelled": _levelled,
           "amadrim.log.city_placed": _city_placed, "amadrim.log.city_taken": _city_taken}


def _set_cities(board: Board, listed: list[dict[str, Any]]) -> None:
    """The board's cities made from the view's."""
    for city in listed:
        _add_city(board, tuple(city["cell"]), city["owner"])


def _add_city(board: Board, cell: Cell, owner: int | None) -> None:
    """A city on the bot's board (made without the dataclass __init__)."""
    piece = object.__new__(City)
    piece.__dict__ = {"id": len(board.cities), "cell": cell, "owner": owner}
    board.city_at[cell] = piece.id
    board.cities.append(piece)
    board.closed.add(cell)
    board.closed_bits |= board.bits[cell]


def _unit_of(u: dict[str, Any]) -> Unit:
    """The bot board's piece for a unit of the view (made without the dataclass __init__)."""
    piece = object.__new__(Unit)
    piece.__dict__ = {"id": u["id"], "owner": u["owner"], "kind": u["kind"], "level": u["level"] or 0,
                      "cell": tuple(u["cell"]), "moved": u["moved"], "acted": u["acted"], "levelled": u["levelled"]}
    return piece
