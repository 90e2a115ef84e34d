"""Moving armies off and back onto the map: push-backs, destruction, returns, the home rule."""

from __future__ import annotations

from typing import Any

from rules.core import seat_ref
from rules.gorges.records import Army


def nearest_own(st: Any, army: Army) -> str:
    """The territory of the army's general nearest to where it stands (ties by id), else capital."""
    here = army.location
    if here is None:
        return st.generals[army.seat].capital
    seat, owner = army.seat, st.owner
    for t in st.content.island.nearest_first(here):  # (the `min` by distance, then id)
        if owner[t] == seat:
            return t
    return st.generals[army.seat].capital


def push_back(st: Any, army: Army) -> None:
    """The army falls back to the nearest territory of its general."""
    if not army.on_map:
        return
    dest = nearest_own(st, army)
    army.location = dest
    st.say_flat("gorges.log.pushed_back", army.id, army.seat, dest)


def destroy(st: Any, army: Army) -> None:
    """The army leaves the map until next season (summer: back at once; Orcs: next turn)."""
    if not army.on_map:
        return
    army.location = None
    army.destroyed = True
    if st.season_effect("return_destroyed") is not None:
        army.location = st.generals[army.seat].capital
        army.destroyed = False
        st.say("gorges.log.summer_return", army=army.id, seat=seat_ref(army.seat))
        return
    army.returns = "turn" if st.ability(army.seat, "quick_return") else "season"
    st.say_flat("gorges.log.destroyed", army.id, army.seat, army.returns)


def remove(st: Any, army: Army) -> None:
    """The army is withdrawn (not destroyed) until next season."""
    if not army.on_map:
        return
    army.location = None
    army.returns = "season"
    st.say("gorges.log.withdrawn", army=army.id, seat=seat_ref(army.seat))


def bring_back(st: Any, army: Army) -> None:
    """An army off the map comes back at its general's capital."""
    army.location = st.generals[army.seat].capital
    army.returns = None
    army.destroyed = False
    st.say_flat("gorges.log.returns", army.id, army.seat, army.location)


def enforce_home(st: Any, seat: int) -> None:
    """A general must keep an army on his lands: else the one nearest his capital goes there."""
    if st.ability(seat, "home_exempt") is not None:
        return
    owner = st.owner
    armies = []  # his armies on the map, none of them on his lands so far
    for a in st.armies.values():
        if a.seat == seat and a.location is not None:
            if owner[a.location] == seat:
                return
            armies.append(a)
    if not armies:
        return
    capital = st.generals[seat].capital
    army = min(armies, key=lambda a: (st.content.island.distance(a.location, capital), a.id))
    army.location = capital
    st.say_flat("gorges.log.home_rule", army.id, seat, capital)


def protected(st: Any) -> dict[str, int]:
    """The capitals that may not be at stake nor change hands: none by the rulebook, all of them
    with the option `capitals_protected`."""
    return st.capitals() if st.options.get("capitals_protected") else {}


def claim(st: Any, seat: int | None, tid: str, why: str) -> None:
    """Put `seat`'s flag on a territory (None: remove the flag; a capital never turns neutral).

    A capital taken (the rulebook: no exception) moves its general's capital to his nearest
    territory; with none left, the old one stays his rallying point until he takes a territory,
    which becomes his capital.
    """
    capitals = st.capitals()
    if tid in capitals and (seat is None or tid in protected(st)):
        return
    before = st.owner[tid]
    st.owner[tid] = seat
    st.say_flat("gorges.log.flag", tid, seat, before, why)
    if before is not None and capitals.get(tid) == before and before != seat:
        _capital_lost(st, before, tid)
    if seat is not None and st.owner[st.generals[seat].capital] != seat:
        st.generals[seat].capital = tid  # a general without lands makes his first new one his capital
        st.say("gorges.log.capital_new", seat=seat_ref(seat), to=tid)
        enforce_home(st, seat)


def _capital_lost(st: Any, seat: int, tid: str) -> None:
    capitals, owner = st.capitals(), st.owner
    # The nearest of his territories that is no capital (the `min` by distance, then id).
    new = next((t for t in st.content.island.nearest_first(tid) if owner[t] == seat and t not in capitals), None)
    if new is None:
        st.say("gorges.log.capital_lost", seat=seat_ref(seat), before=tid, to=tid)
        return
    st.generals[seat].capital = new
    st.say("gorges.log.capital_lost", seat=seat_ref(seat), before=tid, to=new)
