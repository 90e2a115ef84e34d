"""Phases 3 and 4: searching the territories for relics, and the mines' output."""

from __future__ import annotations

from typing import Any

from rules.core import seat_ref
from rules.gorges.resolve import apply_effects

SEARCH_TARGET = 6


def search_phase(st: Any) -> None:
    """A d6 per territory, a relic point on 6 (event: 5+); the Crown's territory gives one freely."""
    st.phase = "search"
    held = st.lands().of  # nothing changes hands here
    for seat in st.order:
        st.active = seat
        ev = st.event_effect(seat, "search_target")
        target = ev.value if ev is not None else SEARCH_TARGET
        lands = sorted(held.get(seat, ()))  # `st.territories_of(seat)`; the dice are thrown in this order
        crown = st.crown in lands
        count = len(lands) - crown
        if not st.aimed and not st.forced["d6"]:  # no designer's die waits: thrown (see `raw`)
            dice = st.d6s(count)
        else:
            dice = [st.raw("d6", "search")[0] for _ in range(count)]
        found = crown + sum(1 for value in dice if value >= target)
        st.generals[seat].relics += found
        st.say_flat("gorges.log.search", seat, tuple(dice), target, found, crown)


def mines_phase(st: Any):
    """A d6 on the mines table for each mine of each general (slaves: +1; event: a re-roll)."""
    st.phase = "mines"
    for seat in st.order:
        st.active = seat
        slaves = st.ability(seat, "slave_mines")
        bonus = slaves.bonus if slaves is not None and st.generals[seat].won_last_turn else 0
        reroll = st.event_effect(seat, "mine_reroll") is not None
        building = st.building
        mines = sorted([t for t in st.lands().of.get(seat, ()) if building[t] == "mine"])  # (`st.territories_of`)
        slaved = mines[0] if mines else None
        if bonus and slaves.choose and len(mines) > 1:
            slaved = yield from st.ask(seat, "territory", mines, why=st.race(seat),
                                       slaves=True)
        for tid in mines:
            _, entry = st.roll_table(seat, "mines", bonus if tid == slaved else 0)
            if reroll and any(e.type == "remove_mine" for e in entry.effects):
                reroll = False
                st.say("gorges.log.mine_reroll", seat=seat_ref(seat), territory=tid)
                _, entry = st.roll_table(seat, "mines")
            yield from apply_effects(st, seat, entry, {"army": None, "mine": tid})
