"""Phase 2: each general draws a d66 random event, which lasts until his next event phase."""

from __future__ import annotations

from typing import Any

from rules.core import seat_ref
from rules.gorges.resolve import apply_effects


def events_phase(st: Any):
    """Roll and apply each general's event, then let a cunning leader play first."""
    st.phase = "events"
    for seat in list(st.order):
        st.active = seat
        expire(st, seat)
        roll = st.roll(seat, "d66", "gorges.roll.event")
        event = st.content.events[roll]
        st.generals[seat].event = roll
        st.say_flat("gorges.log.event", seat, roll)  # `say`: its texts named with the log
        yield from apply_effects(st, seat, event, {"army": None, "opponent": None, "enemy": None,
                                                   "event": True})
    cunning = [s for s in st.order if st.event_effect(s, "smallest_empire") is not None]
    if cunning:
        st.order = cunning + [s for s in st.order if s not in cunning]
        st.say("gorges.log.order", order=[seat_ref(s) for s in st.order])


def expire(st: Any, seat: int) -> None:
    """« Cet événement durera jusqu'à leurs prochaines phases d'événement »: unused next-battle
    notes of the general's last event end now."""
    g = st.generals[seat]
    gone = [n for n in g.notes if n.get("until") == "next_event"]
    if not gone:
        return
    g.notes = [n for n in g.notes if n.get("until") != "next_event"]
    for n in gone:
        st.say("gorges.log.note_expired", seat=seat_ref(seat), entry={"text": n["name"]})
