"""The programming phase: every guild, at the same time and in secret, spreads its cubes.

Each seat gets the cubes its city count gives, places them one by one on the five actions,
and ends with "lock in" (or the app's `time_up` when its sand-timer runs out): what is placed
stays, unplaced cubes are lost. Only "locked in or not" is public. When every seat is locked,
the action phase starts with the first player.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rules.amadrim.actions import KINDS, AddCube, LockIn, RemoveCube, TimeUp
from rules.core import Action, IllegalAction, seat_ref

if TYPE_CHECKING:
    from rules.amadrim.state import AmadrimState


def start(state: AmadrimState) -> None:
    """A new turn: cubes from cities, empty programmings; seats with nothing left are out."""
    state.phase = "programming"
    state.current = None
    for unit in state.board.units.values():
        unit.moved = unit.acted = unit.levelled = False
    state.say("turn_started", turn=state.turn, first=seat_ref(state.first_player))
    for seat in range(state.seats):
        cities = len(state.board.cities_of(seat))
        was_out = state.out[seat]
        state.out[seat] = cities == 0 and not state.board.units_of(seat)
        if state.out[seat] and not was_out:
            state.say("guild_out", seat=seat_ref(seat))
        state.cubes[seat] = 0 if state.out[seat] else state.content.cubes_for(cities)
        state.programming[seat] = [0] * len(KINDS)
        state.locked[seat] = state.out[seat]
        state.revealed[seat] = False
    if all(state.locked):
        _all_locked(state)


def unplaced(state: AmadrimState, seat: int) -> int:
    return state.cubes[seat] - sum(state.programming[seat])


#: The programming actions, made once (actions are immutable values, equal by their fields).
ADD = tuple(AddCube(k) for k in KINDS)
_REMOVE = tuple(RemoveCube(k) for k in KINDS)
_CLOSE = (LockIn(), TimeUp())


def legal(state: AmadrimState, seat: int) -> list[Action]:
    """Add a cube (while some is unplaced), take one back from each kind that has some, lock in
    or time up (a new list each time, of the same shared action objects)."""
    placed = state.programming[seat]
    return list(_listed(state.cubes[seat] > sum(placed), tuple(map(bool, placed))))


@lru_cache(maxsize=64)
def _listed(adding: bool, removable: tuple[bool, ...]) -> tuple[Action, ...]:
    """`legal`'s actions when a cube may be added or not and each kind has cubes or not (at
    most 2 × 2^5 lists: asked for every programming cube)."""
    return (ADD if adding else ()) + tuple(r for r, has in zip(_REMOVE, removable) if has) + _CLOSE


_INDEX = {kind: i for i, kind in enumerate(KINDS)}


def _kind_index(kind: str) -> int:
    i = _INDEX.get(kind) if isinstance(kind, str) else None
    if i is None:
        raise IllegalAction("amadrim.illegal.unknown_kind", kind=kind)
    return i


def add_cube(state: AmadrimState, seat: int, action: AddCube) -> None:
    i = _kind_index(action.kind)
    placed = state.programming[seat]
    if state.cubes[seat] <= sum(placed):  # (`unplaced`: some 450 cubes a game)
        raise IllegalAction("amadrim.illegal.no_cube_left")
    placed[i] += 1


def remove_cube(state: AmadrimState, seat: int, action: RemoveCube) -> None:
    i = _kind_index(action.kind)
    if state.programming[seat][i] <= 0:
        raise IllegalAction("amadrim.illegal.no_cube_there", kind={"key": f"amadrim.kind.{action.kind}"})
    state.programming[seat][i] -= 1


def lock_in(state: AmadrimState, seat: int, action: LockIn) -> None:
    _lock(state, seat, "locked_in")


def time_up(state: AmadrimState, seat: int, action: TimeUp) -> None:
    _lock(state, seat, "time_up")


def _lock(state: AmadrimState, seat: int, why: str) -> None:
    state.locked[seat] = True
    state.say(why, seat=seat_ref(seat))
    if all(state.locked):
        _all_locked(state)


def _all_locked(state: AmadrimState) -> None:
    state.begin_actions()
