"""Characterising the conflicts: each one's level, then its elements picked in turn.

Levels (from the face-up cards once all bids are staked): Coupe sum against Épée + Bâton sum
(`scoring.level`). Elements: round the table from seat 0, each person picks a face-up card of a
conflict that still lacks elements; its element is read from the suit's table and the card turns
face down. A conflict with fewer than two cards may take a face-up card from a conflict with
more than two; the card moves over. The phase ends when every conflict has its elements, or when
no pick is possible any more (a conflict may then keep fewer elements).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.ambre import actions as A
from rules.ambre import cards, scoring
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState


def start(state: AmbreState) -> None:
    """All bids staked: fix each conflict's level and open the element picks."""
    state.bidding = None
    for c in state.conflicts:
        c.level = scoring.level(cards.pair(card) for card in c.face_up())
        state.log.append(entry("ambre.log.level", conflict=state.conflict_label(c),
                               level={"key": f"ambre.level.{c.level}", "params": {}}))
    state.phase, state.element_turn = "elements", 0
    _settle(state)


def picks(state: AmbreState) -> list[A.Element]:
    """Every element pick possible now."""
    need = state.rules.elements_per_conflict
    out = []
    donors = [d for d in state.conflicts if len(d.cards) > 2]
    for c in state.conflicts:
        if len(c.elements) >= need:
            continue
        out += [A.Element(c.index, card) for card in c.face_up()]
        if len(c.cards) < 2:
            out += [A.Element(c.index, card) for d in donors if d is not c for card in d.face_up()]
    return out


def _settle(state: AmbreState) -> None:
    """Go on to the first act when nothing is left to pick."""
    if not picks(state):
        state.start_act(1)


def to_act(state: AmbreState) -> list[int]:
    return [state.element_turn]


def legal(state: AmbreState, seat: int) -> list[A.Action]:
    return list(picks(state))


def _element(state: AmbreState, seat: int, action: A.Element) -> None:
    if action not in picks(state):
        raise IllegalAction("ambre.illegal.element_not_allowed")
    target = state.conflicts[action.conflict]
    source = next(c for c in state.conflicts if c.has(action.card))
    if source is not target:
        source.remove(action.card)
        target.add(action.card, up=True)
    target.turn(action.card, up=False)
    target.elements.append(action.card)
    element = state.content.elements[cards.suit(action.card)][cards.value(action.card)]
    state.log.append(entry("ambre.log.element", seat=seat_ref(seat), conflict=state.conflict_label(target),
                           element=element.text.to_json(),
                           kind={"key": f"ambre.element_kind.{element.kind}", "params": {}}))
    state.element_turn = (seat + 1) % state.n
    _settle(state)


HANDLERS = {A.Element: _element}
