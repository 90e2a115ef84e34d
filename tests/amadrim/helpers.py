"""Shared helpers for the Amadrim tests: content, hand-built positions, quick drivers."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.content import load
from rules.amadrim import ENGINE
from rules.amadrim.actions import AddCube, LockIn
from rules.amadrim.board import Unit
from rules.amadrim.state import AmadrimState

#: Cities of a standard two-guild set-up (one per quadrant each, none on the edge).
CITIES = {0: [(2, 2), (8, 2), (2, 8)], 1: [(9, 9), (4, 4), (9, 5)]}


@lru_cache(maxsize=1)
def content() -> Any:
    return load("amadrim")


def new(seats: int = 2, seed: int = 0, **options: Any) -> AmadrimState:
    options.setdefault("neutral_cities", False)
    # scenario tests put units on the board after the reveal: under the default binding
    # programming a seat with no use for its cubes would already have been passed over
    options.setdefault("unplayed_cubes", "forfeit")
    return ENGINE.new_game(content(), seats, seed, options)


def place_all(state: AmadrimState, cities: dict[int, list[tuple[int, int]]] = CITIES) -> None:
    """Play the whole set-up with the given cells, in the rules' placing order."""
    placed = dict.fromkeys(cities, 0)
    while state.phase == "setup":
        seat = state.to_act()[0]
        from rules.amadrim.actions import PlaceCity

        state.apply(seat, PlaceCity(cities[seat][placed[seat]]))
        placed[seat] += 1


def program(state: AmadrimState, plans: dict[int, dict[str, int]]) -> None:
    """Every seat still programming places its plan's cubes and locks in."""
    for seat in list(state.to_act()):
        for kind, count in plans.get(seat, {}).items():
            for _ in range(count):
                state.apply(seat, AddCube(kind))
        state.apply(seat, LockIn())


def ready(plans: dict[int, dict[str, int]] | None = None, seats: int = 2, seed: int = 0,
          empty_stock: bool = True, **options: Any) -> AmadrimState:
    """A game after the standard set-up, programmed with `plans` (seat -> {kind: cubes})."""
    state = new(seats, seed, **options)
    place_all(state, CITIES if seats == 2 else _cities(seats))
    if empty_stock:
        state.stock = [[0] * 6 for _ in range(seats)]
    program(state, plans or {})
    return state


def _cities(seats: int) -> dict[int, list[tuple[int, int]]]:
    extra = {2: [(3, 2), (9, 3), (3, 9)], 3: [(2, 4), (7, 4), (7, 9)]}
    return {**CITIES, **{s: extra[s] for s in range(2, seats)}}


def put(state: AmadrimState, owner: int, kind: str, cell: tuple[int, int], level: int = 1) -> Unit:
    """Put a unit straight on the board (scenario set-up)."""
    unit = Unit(state.next_unit, owner, kind, level if kind == "mage" else 0, cell)
    state.next_unit += 1
    state.board.add_unit(unit)
    return unit


def stock(state: AmadrimState, seat: int, **amounts: int) -> None:
    ids = [c.id for c in state.content.colours]
    state.stock[seat] = [amounts.get(c, 0) for c in ids]


def have(state: AmadrimState, seat: int) -> dict[str, int]:
    ids = [c.id for c in state.content.colours]
    return {c: n for c, n in zip(ids, state.stock[seat]) if n}


def acting(plans: dict[int, dict[str, int]], **kw: Any) -> tuple[AmadrimState, int]:
    """A game in its action phase where the first player acts with plans[0]'s cubes."""
    state = new(2, kw.pop("seed", 0), **kw)
    place_all(state)
    state.stock = [[0] * 6 for _ in range(2)]
    first = state.first_player
    program(state, {first: plans.get(0, {}), 1 - first: plans.get(1, {})})
    assert state.current == first
    return state, first
