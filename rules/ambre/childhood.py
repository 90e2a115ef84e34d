"""Childhood: the deal, and each person typing a name and a secret motivation.

The 40 pip cards are shuffled and dealt round the table; with `leftover: box` every hand gets the
same count and the remainder goes back in the box (40 cards: 13/10/8 at 3/4/5 seats, one card
boxed at 3 seats). Each seat gets a major arcanum as its joker, and one major arcanum lies
between each pair of neighbours as a conflict: conflict i is between seat i and seat i + 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.ambre import actions as A
from rules.ambre import cards
from rules.ambre.table import Conflict
from rules.core import IllegalAction, entry, seat_ref

if TYPE_CHECKING:
    from rules.ambre.state import AmbreState


def deal(state: AmbreState) -> None:
    """Shuffle and deal the pips, the jokers and the conflicts' arcana."""
    n, rng = state.n, state.rng
    pips = cards.pips()
    rng.shuffle(pips)
    per = len(pips) // n if state.rules.leftover == "box" else len(pips)
    state.hands = [sorted(pips[i::n][:per], key=cards.sort_key) for i in range(n)]
    state.boxed = sorted(set(pips) - {c for h in state.hands for c in h}, key=cards.sort_key)
    majors = list(range(22))
    rng.shuffle(majors)
    state.jokers = [cards.major(m) for m in majors[:n]]
    state.conflicts = [Conflict(i, majors[n + i], (i, (i + 1) % n)) for i in range(n)]


def to_act(state: AmbreState) -> list[int]:
    return [s for s in range(state.n) if state.names[s] is None]


def legal(state: AmbreState, seat: int) -> list[A.Action]:
    """A bot's character: a name and a motivation from the content's lists."""
    rules = state.rules
    taken = {n for n in state.names if n}
    names = [n for n in rules.bot_names if n not in taken] or list(rules.bot_names)
    name = names[seat % len(names)][: rules.name_max]
    motivation = rules.bot_motivations[seat % len(rules.bot_motivations)].fr[: rules.motivation_max]
    return [A.Character(name, motivation)]


def clean(text: str) -> str:
    """One line, inner whitespace collapsed."""
    return " ".join(text.split())


def _character(state: AmbreState, seat: int, action: A.Character) -> None:
    rules = state.rules
    name, motivation = clean(action.name), clean(action.motivation)
    if not name:
        raise IllegalAction("ambre.illegal.name_empty")
    if len(name) > rules.name_max:
        raise IllegalAction("ambre.illegal.name_long", limit=rules.name_max)
    if not motivation:
        raise IllegalAction("ambre.illegal.motivation_empty")
    if len(motivation) > rules.motivation_max:
        raise IllegalAction("ambre.illegal.motivation_long", limit=rules.motivation_max)
    state.names[seat], state.motivations[seat] = name, motivation
    state.log.append(entry("ambre.log.character", seat=seat_ref(seat), name=name))
    if not to_act(state):
        state.start_bids()


HANDLERS = {A.Character: _character}
