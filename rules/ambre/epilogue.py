"""The epilogue: each character's fate from its put-aside cards, told from least to most enviable.

Per seat (`scoring.fate`): Bâton + Épée cards against Coupe cards, the difference (bigger is more
enviable) and the majority suit, whose epilogue table gives the entry for that difference. The
order of telling: smallest difference first; equal differences, fewer put-aside cards first, then
seat order. Motivations are revealed when the epilogue opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.ambre import actions as A
from rules.ambre import cards, scoring
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState


def fates(state: AmbreState) -> list[dict]:
    """Every seat's epilogue numbers and table entry."""
    out = []
    for seat in range(state.n):
        fate = scoring.fate(cards.pair(c) for c in state.aside[seat])
        band = state.content.band(fate["majority"], fate["difference"])
        out.append({**fate, "seat": seat, "band": {"title": band.title.model_dump(), "text": band.text.model_dump(),
                                                     "min_difference": band.min_difference}})
    return out


def telling_order(results: list[dict]) -> list[int]:
    """Least enviable first."""
    return [r["seat"] for r in sorted(results, key=lambda r: (r["difference"], r["count"], r["seat"]))]


def start(state: AmbreState) -> None:
    state.phase = "epilogue"
    state.mark_hidden("reveal")
    results = fates(state)
    state.epilogue = {"fates": results, "order": telling_order(results), "told": 0}
    state.log.append(entry("ambre.log.epilogue"))
    for seat in range(state.n):
        state.log.append(entry("ambre.log.motivation", seat=seat_ref(seat), motivation=state.motivations[seat]))


def to_act(state: AmbreState) -> list[int]:
    ep = state.epilogue
    return [ep["order"][ep["told"]]] if ep["told"] < len(ep["order"]) else []


def legal(state: AmbreState, seat: int) -> list[A.Action]:
    return [A.TellEpilogue()] if seat in to_act(state) else []


def _tell(state: AmbreState, seat: int, action: A.TellEpilogue) -> None:
    if seat not in to_act(state):
        raise IllegalAction("ambre.illegal.not_your_turn", seat=seat_ref(seat))
    state.epilogue["told"] += 1
    state.log.append(entry("ambre.log.told", seat=seat_ref(seat)))
    if not to_act(state):
        state.phase = "over"
        state.log.append(entry("ambre.log.over"))


HANDLERS = {A.TellEpilogue: _tell}
