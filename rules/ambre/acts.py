"""The two acts: who may start a scene, and moving on when everyone has had theirs.

In each act every seat initiates exactly one scene, in any order: while no scene is running, every
seat that has not yet initiated may start one (the first to act takes the table). First act: on
one of its own two conflicts. Second act: on any conflict; an initiator outside the conflict is
involved too (2 or 3 involved seats).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.ambre import actions as A
from rules.ambre import scene as scenes
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState


def start(state: AmbreState, act: int) -> None:
    """Open act 1 or 2."""
    state.phase, state.act, state.initiated, state.scene = f"act{act}", act, [], None
    state.log.append(entry(f"ambre.log.act{act}"))


def to_act(state: AmbreState) -> list[int]:
    if state.scene is not None:
        return scenes.to_act(state)
    return [s for s in range(state.n) if s not in state.initiated]


def conflicts_for(state: AmbreState, seat: int) -> list[int]:
    """The conflicts `seat` may start its scene on in this act."""
    return state.own_conflicts(seat) if state.act == 1 else list(range(state.n))


def legal(state: AmbreState, seat: int) -> list[A.Action]:
    if state.scene is not None:
        return scenes.legal(state, seat)
    return [A.Initiate(c) for c in conflicts_for(state, seat)]


def _initiate(state: AmbreState, seat: int, action: A.Initiate) -> None:
    if state.scene is not None or seat in state.initiated:
        raise IllegalAction("ambre.illegal.not_now")
    if action.conflict not in conflicts_for(state, seat):
        raise IllegalAction("ambre.illegal.not_your_conflict")
    state.initiated.append(seat)
    state.scene = scenes.Scene.open(state, seat, action.conflict)
    state.log.append(entry("ambre.log.initiate", seat=seat_ref(seat),
                           conflict=state.conflict_label(state.conflicts[action.conflict])))


def end_scene(state: AmbreState) -> None:
    """Keep the finished scene for the story; next scene, next act, or the epilogue."""
    state.scenes.append(state.scene.record(state))
    state.scene = None
    if len(state.initiated) < state.n:
        return
    if state.act == 1:
        start(state, 2)
    else:
        state.start_epilogue()


HANDLERS = {A.Initiate: _initiate}
