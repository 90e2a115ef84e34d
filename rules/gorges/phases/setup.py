"""Set-up: each general in seat order picks a race and a capital; three armies stand there."""

from __future__ import annotations

from typing import Any

from rules.core import seat_ref
from rules.gorges.records import SLOTS, Army


def setup(st: Any):
    """Race then capital for each seat; the General's and two Lieutenants' armies at the capital."""
    st.phase = "setup"
    for seat in range(st.n):
        st.active = seat
        race = yield from st.ask(seat, "race", list(st.content.races))
        st.generals[seat].race = race
        taken = st.capitals()
        capital = yield from st.ask(seat, "capital", [c for c in st.content.capitals if c not in taken])
        st.generals[seat].capital = capital
        st.owner[capital] = seat
        for slot in SLOTS:
            aid = f"{seat}.{slot}"
            st.add_army(Army(aid, seat, slot, capital))
        st.say("gorges.log.setup", seat=seat_ref(seat), race=st.content.races[race].name.to_json(),
               capital=capital)
