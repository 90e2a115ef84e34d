"""1,000 seeded random games: after every action the 65 cards and the 30 items are all there."""

import random
from collections import Counter

import pytest

from rules.anludim import ENGINE
from rules.core import IllegalAction
from tests.anludim.helpers import CONTENT

CARDS = sorted(CONTENT.cards)
ITEMS = Counter((item, v) for item, it in CONTENT.items.items() for v in it.values)
MAX_ACTIONS = 5000


def _check(state):
    table = state.table
    assert sorted(table.all_cards()) == CARDS
    assert Counter(table.all_items()) == ITEMS
    assert sum(s.parchments for s in table.seats) + table.parchments == CONTENT.parchments.count
    assert all(sum(1 for s in table.seats for c in s.combos if c.professor == p.id) <= 1
               for p in CONTENT.professors)


@pytest.mark.slow
def test_thousand_random_games():
    rng = random.Random(2026)
    for game in range(1000):
        seats = 2 + game % 4
        state = ENGINE.new_game(CONTENT, seats, seed=game, options={"expert": game % 3 == 0})
        for _ in range(MAX_ACTIONS):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            assert legal, (game, state.phase)
            state.apply(seat, rng.choice(legal))
            _check(state)
        assert state.is_over(), f"game {game} did not end"
        assert state.outcome()["winners"]


def test_illegal_actions_never_change_the_state():
    rng = random.Random(5)
    state = ENGINE.new_game(CONTENT, 3, seed=5)
    for _ in range(300):
        if state.is_over():
            break
        seat = state.to_act()[0]
        other = (seat + 1) % 3
        before = state.view(None)
        for action in state.legal_actions(seat)[:3]:
            with pytest.raises(IllegalAction):
                state.apply(other, action)
        assert state.view(None) == before
        state.apply(seat, rng.choice(state.legal_actions(seat)))
