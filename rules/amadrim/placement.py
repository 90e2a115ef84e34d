"""Set-up ("Début de partie"): neutral cities, then each guild places its cities.

Placement runs in rounds: the first player places one city, then the others clockwise; the
first-player coin then passes left (to the next seat) and the next round starts with it. A city
goes on a cell off the map's edge, on no other city, and a guild has at most one city per
quadrant. Each city placed pays its column, row and region colours.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rules.amadrim.actions import PlaceCity
from rules.amadrim.board import Board, cell_label
from rules.core import IllegalAction, seat_ref

if TYPE_CHECKING:
    from rules.amadrim.state import AmadrimState

Cell = tuple[int, int]


def start(state: AmadrimState) -> None:
    """Set neutral cities and the placement order (rounds starting one seat further each)."""
    if state.options["neutral_cities"] and state.seats < 4:
        for cell in state.content.neutral_cities.get(state.seats, ()):
            state.board.add_city(tuple(cell), None)
    n, first = state.seats, state.first_player
    state.placing = [(first + r + i) % n for r in range(state.content.cities_per_seat) for i in range(n)]
    state.say("setup_started", first=seat_ref(first))


def problem(state: AmadrimState, seat: int, cell: Cell) -> str | None:
    """Why `seat` may not put a city on `cell` (a reason key), or None."""
    board = state.board
    if not board.on_map(cell):
        return "amadrim.illegal.off_map"
    if board.on_edge(cell):
        return "amadrim.illegal.city_on_edge"
    if cell in board.city_at:
        return "amadrim.illegal.cell_taken"
    quadrant = board.quadrant(cell)
    if any(board.quadrant(c.cell) == quadrant for c in board.cities_of(seat)):
        return "amadrim.illegal.quadrant_taken"
    return None


def legal(state: AmadrimState, seat: int) -> list[PlaceCity]:
    """Every cell off the edge, free of cities, in a quadrant where the seat has no city yet."""
    board = state.board
    used = {board.quadrant(c.cell) for c in board.cities_of(seat)}
    taken = board.city_at
    table = _inner_cells(board.width, board.height, board.quadrant_width, board.quadrant_height)
    return [act for cell, quadrant, act in table if cell not in taken and quadrant not in used]


@lru_cache(maxsize=16)
def _inner_cells(width: int, height: int, quadrant_width: int, quadrant_height: int
                 ) -> tuple[tuple[Cell, int, PlaceCity], ...]:
    """Every cell off the edge, row by row, with its quadrant and its `PlaceCity` (made once per
    map size: actions are immutable values, listed a hundred times a decision)."""
    board = Board(width, height, quadrant_width, quadrant_height)
    return tuple(((x, y), board.quadrant((x, y)), PlaceCity((x, y)))
                 for y in range(1, height - 1) for x in range(1, width - 1))


def place_city(state: AmadrimState, seat: int, action: PlaceCity) -> None:
    """Put the city, pay the cell's three colours, pass to the next placer."""
    reason = problem(state, seat, action.cell)
    if reason:
        raise IllegalAction(reason, cell=cell_label(action.cell), at=list(action.cell))
    state.board.add_city(action.cell, seat)
    gained = state.gain_cell(seat, action.cell, region=True)
    state.say("city_placed", seat=seat_ref(seat), cell=cell_label(action.cell), at=list(action.cell), resources=state.resource_names(gained))
    state.placing.pop(0)
    n = state.seats
    if state.placing and len(state.placing) % n == 0:
        state.first_player = (state.first_player + 1) % n
        state.say("coin_passed", seat=seat_ref(state.first_player))
    if not state.placing:
        from rules.amadrim import programming

        state.first_player = (state.first_player + 1) % n
        state.turn = 1
        programming.start(state)
