"""Set-up ("Début de partie"): neutral cities, then each guild places its cities.

Placement runs in rounds: the first player places one city, then the others clockwise; the
first-player coin then passes left (to the next seat) and the next round starts with it. A city
goes on a cell off the map's edge, on no other city, and a guild has at most one city per
quadrant. Each city placed pays its column, row and region colours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.amadrim.actions import PlaceCity
from rules.amadrim.board import cell_label
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
    out: list[PlaceCity] = []
    new = object.__new__  # `PlaceCity(cell)` without the frozen dataclass's __init__ (a hundred
    for y in range(1, board.height - 1):  # a decision); equal, hashed and printed the same
        for x in range(1, board.width - 1):
            if (x, y) not in board.city_at and board.quadrant((x, y)) not in used:
                act = new(PlaceCity)
                act.__dict__["cell"] = (x, y)
                out.append(act)
    return out


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
