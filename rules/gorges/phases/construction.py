"""Phase 6: an army on its own land raises a mine or a fortress, or turns a fortress into a city.

One building a season per general; the army that builds cannot fight this turn.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, IllegalAction
from rules.gorges.actions import DONE, Build, Done, made
from rules.gorges.prompts import Prompt


def construction_phase(st: Any):
    """Each general in order may build once (if he has not built this season)."""
    st.phase = "construction"
    for seat in st.order:
        st.active = seat
        listed = legal(st, seat)
        if len(listed) == 1:
            continue
        action = yield st.listed(Prompt(seat, "construction", legal_fn=lambda s, seat=seat: legal(s, seat),
                                        check_fn=lambda s, a, seat=seat: check(s, seat, a)), listed)
        if isinstance(action, Build):
            build(st, seat, action.army, action.building)


def options(st: Any, seat: int, tid: str) -> list[str]:
    """What `seat` may raise on `tid` now."""
    current = st.building[tid]
    if current is None:
        return ["mine", "fortress"]
    if current == "fortress" and st.ability(seat, "no_cities") is None:
        return ["city"]
    return []


def legal(st: Any, seat: int) -> list[Action]:
    """`done`, and every building an army of `seat` may raise."""
    out: list[Action] = [DONE]
    if st.generals[seat].built_this_season:
        return out
    for army in st.armies_of(seat):
        if st.owner[army.location] == seat:
            out.extend(made(Build, army.id, b) for b in options(st, seat, army.location))
    return out


def check(st: Any, seat: int, action: Action) -> None:
    """Raise IllegalAction unless `action` is a building `seat` may raise now."""
    if isinstance(action, Done):
        return
    if not isinstance(action, Build):
        raise IllegalAction("gorges.illegal.wrong_phase", phase="construction", action=action.type)
    army = st.armies.get(action.army)
    if army is None or army.seat != seat or not army.on_map:
        raise IllegalAction("gorges.illegal.no_such_army", army=action.army)
    if st.generals[seat].built_this_season:
        raise IllegalAction("gorges.illegal.built_this_season")
    if st.owner[army.location] != seat:
        raise IllegalAction("gorges.illegal.not_your_land", territory=army.location)
    if action.building == "city" and st.ability(seat, "no_cities") is not None:
        raise IllegalAction("gorges.illegal.no_cities")
    if action.building not in options(st, seat, army.location):
        raise IllegalAction("gorges.illegal.cannot_build", building=action.building,
                            territory=army.location)


def build(st: Any, seat: int, army_id: str, building: str) -> None:
    """Raise the building; the army is busy for the turn."""
    army = st.armies[army_id]
    st.building[army.location] = building
    army.built = True
    st.generals[seat].built_this_season = True
    st.say_flat("gorges.log.built", army.location, building, seat)
