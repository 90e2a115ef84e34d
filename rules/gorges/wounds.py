"""Character wounds: a legendary hero rolls on the wounds table (Vampire Counts roll twice)."""

from __future__ import annotations

from typing import Any

from rules.core import seat_ref
from rules.gorges.records import Army


def wound(st: Any, army: Army, enemy: int | None, opponent: Army | None = None):
    """Roll (and apply) the wounds table for the hero of `army`; `enemy` is the foe, if any."""
    from rules.gorges.resolve import apply_effects

    seat = army.seat
    st.say("gorges.log.wound", army=army.id, seat=seat_ref(seat))
    _, chosen = st.roll_table(seat, "wounds")
    if st.ability(seat, "wound_choice") is not None:
        _, second = st.roll_table(seat, "wounds")
        options = _distinct([chosen, second])
        if len(options) > 1:
            pick = yield from st.ask(seat, "wound_choice", [str(e.rolls[0]) for e in options],
                                     army=army.id,
                                     entries=[{"roll": e.rolls[0], "name": e.name.model_dump()}
                                              for e in options])
            chosen = st.content.entry("wounds", int(pick))
    st.say("gorges.log.wound_result", army=army.id, entry=chosen.name.to_json())
    ctx = {"army": army, "enemy": enemy, "opponent": opponent}
    yield from apply_effects(st, seat, chosen, ctx)


def _distinct(entries: list[Any]) -> list[Any]:
    out: list[Any] = []
    for e in entries:
        if all(e is not o for o in out):
            out.append(e)
    return out
