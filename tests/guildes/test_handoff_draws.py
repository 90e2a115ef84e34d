"""The hot-seat hand-off in Guildes (scenes/table.py, `Session.drew`): a person's action that only
revealed the next quest, face up for all, puts nothing new in their hand: no "Pass to" step; one
that drew cards into their hand that they had not seen does."""

from __future__ import annotations

import json

import rules
from game.content import load
from game.session import SeatInfo, Session


def _played(seed: int) -> tuple[list[int], list[int], set[int]]:
    """A seeded game of three people (the strongest bot's choices, through the session): the
    actions that revealed a quest and drew nothing into the actor's hand, those that drew unseen
    cards into it (each with another seat to act next), and the session's `drew`."""
    engine, content = rules.engine("guildes"), load("guildes")
    session = Session(engine, content, "test", [SeatInfo(n, i) for i, n in enumerate(("Ana", "Bo", "Cy"))], seed)
    bots = [engine.bot(engine.bots[-1], seed * 101 + s) for s in range(3)]
    quests, hands = [], []
    while not session.is_over() and len(session.actions) < 400:
        seat = session.to_act()[0]
        before = session.view(seat)
        action = bots[seat].choose(before, session.legal_actions(seat))
        hand, seen = list(before["guilds"][seat]["hand"]), len(session.log)
        session.apply(seat, action)
        index, keys = len(session.actions) - 1, [e["key"] for e in session.log[seen:]]
        after = session.view(seat)["guilds"][seat]["hand"]
        new = [c for c in after if after.count(c) > hand.count(c)]
        passes = seat not in session.to_act() and session.hidden.get(index) == "draw"
        if passes and "guildes.log.quest_revealed" in keys and not new:
            quests.append(index)
        shown = json.dumps({k: v for k, v in before.items() if k not in ("cards", "log")})  # on the table
        if passes and new and not any(f'"{c}"' in shown for c in new):
            hands.append(index)
    return quests, hands, session.drew


def test_a_quest_revealed_is_no_draw_for_the_hand_off():
    quests, _, drew = _played(7)
    assert quests and not set(quests) & drew  # revealed for all: nothing to show first


def test_cards_drawn_unseen_into_the_hand_are():
    _, hands, drew = _played(2)
    assert hands and set(hands) <= drew  # shown to their person before the curtain
