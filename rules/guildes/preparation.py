"""Steps 4 and 5: action cards chosen in secret and revealed, the Dark power, then mage placement.

Step 4: every seat chooses its first action card in secret; all are revealed at once; the guild
with the most negative alignment may change its first card; then every seat chooses its second
card in secret: another action, or X2 (the first action again, with its X2 bonus).
Step 5 (ruling: secret and simultaneous, revealed together): every seat splits its mages outside
the healing centre into active (quests, attacks) and passive (defending the guild).
"""

from __future__ import annotations

from functools import lru_cache

from rules.core import IllegalAction
from rules.guildes.actions import Place
from rules.guildes.content import ACTION_IDS
from rules.guildes.prompts import Prompt
from rules.guildes.words import counted, seat_ref, word


def power_holder(st, side: str) -> int | None:
    """The seat with the most Light (side="light") or most Dark alignment, if any (ties: see rules)."""
    values = [g.alignment for g in st.guilds]
    best = max(values) if side == "light" else min(values)
    if (side == "light" and best <= 0) or (side == "dark" and best >= 0):
        return None
    holders = [s for s in st.order() if values[s] == best]
    if len(holders) > 1 and st.rules.power_ties == "nobody":
        return None
    return holders[0]


def prepare(st):
    """Choose, reveal, (Dark power), choose the second card."""
    seats = list(range(st.n))
    firsts = yield from st.ask_all(seats, "first_action", {s: list(ACTION_IDS) for s in seats},
                                   lambda s, v: setattr(st.guilds[s], "first", v))
    st.mark_hidden("reveal")
    for s in st.order():
        g = st.guilds[s]
        g.first, g.first_revealed = firsts[s], True
        st.say("guildes.log.first_revealed", seat=seat_ref(s), card=card(firsts[s]))
    dark = power_holder(st, "dark")
    if dark is not None:
        g = st.guilds[dark]
        st.current = dark
        choice = yield from st.ask(dark, "dark_power", ["keep"] + [a for a in ACTION_IDS if a != g.first])
        if choice != "keep":
            st.say("guildes.log.dark_power", seat=seat_ref(dark), before=card(g.first), after=card(choice))
            g.first = choice
        st.current = None
    seconds = yield from st.ask_all(seats, "second_action",
                                    {s: [a for a in ACTION_IDS if a != st.guilds[s].first] + ["x2"] for s in seats},
                                    lambda s, v: setattr(st.guilds[s], "second", v))
    for s in seats:
        st.guilds[s].second = seconds[s]
    st.say("guildes.log.seconds_chosen")


def card(cid: str) -> dict:
    """An action card as a log parameter."""
    return word(f"guildes.card.{cid}")


def legal_place(st, seat: int) -> list:
    return list(_placements(tuple(m.id for m in st.guilds[seat].mages if not m.centre)))


@lru_cache(maxsize=256)
def _placements(ids: tuple[str, ...]) -> tuple[Place, ...]:
    """The listed placements of mages `ids`: all, all but each one, each one alone, none; most
    mages first, then in id order. Cached: a guild's mages seldom change from one round to the
    next, and making the actions was most of a placement's cost."""
    if len(ids) > 2 and len(set(ids)) == len(ids):
        # No two sizes coincide, so each size is sorted on its own (as the general case below).
        options = [ids, *sorted([ids[:k] + ids[k + 1:] for k in range(len(ids))]), *[(i,) for i in sorted(ids)], ()]
    else:
        found = {ids, ()}
        for i in ids:
            found.add((i,))
            found.add(tuple(x for x in ids if x != i))
        options = sorted(found, key=lambda o: (-len(o), o))
    return tuple(Place(o) for o in options)


def check_place(st, seat: int, action) -> None:
    if not isinstance(action, Place):
        raise IllegalAction("guildes.illegal.expected_placement")
    ids = {m.id for m in st.guilds[seat].available()}
    if len(set(action.active)) != len(action.active) or not set(action.active) <= ids:
        raise IllegalAction("guildes.illegal.not_your_mage")


def placement(st, seats: list[int] | None = None):
    """Every seat (or only `seats`) places its available mages active or passive, in secret."""
    waiting = [s for s in (seats if seats is not None else range(st.n)) if st.guilds[s].available()]
    for s in range(st.n):
        if s not in waiting and seats is None:
            for m in st.guilds[s].mages:
                m.active = False
            st.guilds[s].placed = True
    for s in waiting:
        st.guilds[s].placed = False
    while waiting:
        seat, action = yield Prompt(tuple(waiting), "placement", {}, {}, True, legal_place, check_place)
        g = st.guilds[seat]
        for m in g.available():
            m.active = m.id in action.active
        waiting.remove(seat)
    st.mark_hidden("reveal")
    for s in (seats if seats is not None else range(st.n)):
        g = st.guilds[s]
        g.placed = True
        available = g.available()
        active = len([m for m in available if m.active])   # the others are passive
        st.say("guildes.log.placed", seat=seat_ref(s), active=counted("active", active),
               passive=counted("passive", len(available) - active))
