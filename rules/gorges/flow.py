"""The campaign as one generator: set-up, then turns of nine phases, season after season."""

from __future__ import annotations

from typing import Any

from rules.gorges.crown import move_crown
from rules.gorges.phases.battles import battles_phase
from rules.gorges.phases.challenges import challenges_phase
from rules.gorges.phases.conquest import conquest_phase
from rules.gorges.phases.construction import construction_phase
from rules.gorges.phases.events import events_phase
from rules.gorges.phases.movement import movement_phase
from rules.gorges.phases.production import mines_phase, search_phase
from rules.gorges.phases.setup import setup
from rules.gorges.seasons import end_turn, outcome, start_season, start_turn

PHASES = ("setup", "crown", "events", "search", "mines", "movement", "construction", "challenges",
          "conquest", "battles", "over")


def campaign(st: Any, resume: bool = False):
    """Set-up, then turns until winter's last one is over (`resume`: from the start of the
    turn the state stands at, for a copy restored from a checkpoint, see GorgesState.copy)."""
    if not resume:
        yield from setup(st)
        start_season(st)
    while True:
        st.turn_starts()
        yield from turn(st)
        if end_turn(st):
            break
    st.phase = "over"
    st.active = None
    st.say("gorges.log.over", scores=outcome(st)["scores"])


def turn(st: Any):
    """The nine phases of one turn."""
    start_turn(st)
    st.phase = "crown"
    st.active = st.order[0]
    move_crown(st, st.order[0])
    yield from events_phase(st)
    search_phase(st)
    yield from mines_phase(st)
    yield from movement_phase(st)
    yield from construction_phase(st)
    yield from challenges_phase(st)
    yield from conquest_phase(st)
    yield from battles_phase(st)
