"""The protocol contract over 1,000 seeded random games, with the table's invariants after every action.

The whole run is `slow` (about half a minute here); CI's default share is the `few` games below.
Set GUILDHALL_AMBRE_GAMES to change the count of the long run.
"""

import json
import os
import random

import pytest

from rules.ambre import ENGINE
from tests.ambre.helpers import CONTENT, PIPS, all_pips

GAMES = int(os.environ.get("GUILDHALL_AMBRE_GAMES", "1000"))
OPTIONS = [None, {"raise_tie": "later"}, {"close_give_self": True}, {"consequence_cards": "any"},
           {"leftover": "deal", "tie_break_joker": False}]


def check(state):
    """What must hold after every action."""
    assert all_pips(state) == PIPS
    for suit in ("coupe", "denier", "epee", "baton"):
        held = [r[suit] for r in state.ranks.values() if suit in r]
        assert len(held) == len(set(held)) and all(1 <= r <= 4 for r in held)
    for c in state.conflicts:
        assert len(c.elements) <= 2 and len(set(c.elements)) == len(c.elements)
    sc = state.scene
    if sc is not None:
        assert set(state.conflicts[sc.conflict].seats) <= set(sc.involved) and sc.initiator in sc.involved
        assert sc.request is None or sc.couper is None
    if not state.is_over():
        ready = state.to_act()
        assert ready and len(ready) == len(set(ready))


def run(seed, check_every=1):
    n = 3 + seed % 3
    options = OPTIONS[seed % len(OPTIONS)]
    state = ENGINE.new_game(CONTENT, n, seed, options)
    rng = random.Random(seed)
    count = 0
    kinds = set()
    while not state.is_over():
        ready = state.to_act()
        seat = rng.choice(ready)
        legal = state.legal_actions(seat)
        assert legal, (seed, state.phase, seat)
        action = rng.choice(legal)
        state.apply(seat, action)
        kinds.add(action.type)
        count += 1
        if count % check_every == 0:
            check(state)
        assert count < 5000, (seed, state.phase)
    check(state)
    out = state.outcome()
    assert sorted(out["ranking"]) == list(range(n)) and out["winners"]
    assert len(state.scenes) == 2 * n
    for act in (1, 2):
        assert sorted(s["initiator"] for s in state.scenes if s["act"] == act) == list(range(n))
    assert all(set(s["involved"]) >= set(state.conflicts[s["conflict"]].seats) for s in state.scenes)
    json.dumps(state.view(None))
    return kinds


def test_a_few_random_games():
    kinds = set()
    for seed in range(25):
        kinds |= run(seed)
    assert {"request_floor", "yield_floor", "couper", "close_from_hand", "close_from_aside", "offer_gage",
            "accept_gage", "give", "raise_bid"} <= kinds


@pytest.mark.slow
def test_a_thousand_random_games():
    kinds = set()
    for seed in range(GAMES):
        kinds |= run(seed, check_every=10)
    assert kinds == set(ENGINE.codec.classes)


@pytest.mark.parametrize("names", [["steady"] * 3, ["steady", "random", "steady", "random"], ["steady"] * 5,
                                   ["apprentice", "adept", "master"], ["master", "adept", "apprentice", "master"],
                                   ["adept", "master", "apprentice", "adept", "master"]])
def test_bots_play_whole_games(names):
    for seed in range(4):
        n = len(names)
        state = ENGINE.new_game(CONTENT, n, seed)
        bots = [ENGINE.bot(name, seed * 10 + i) for i, name in enumerate(names)]
        count = 0
        while not state.is_over():
            seat = state.to_act()[0]  # as `simulate` does
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
            count += 1
            assert count < 3000
        check(state)
