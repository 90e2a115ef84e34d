"""Anludim's legal list finds its lays only when read (`rules.core.listing`): it must be exactly
the list found eagerly, whether read at once or after the state has moved on."""

import random

import pytest

from rules.anludim import legal, search
from rules.anludim.actions import Lay
from rules.core.listing import Listing
from tests.anludim.helpers import new


def _eager_lays(state, seat):
    """The lays as `legal_actions` listed them before it deferred them: every professor's pick, at once."""
    cards = state.content.cards
    hand = [(cid, cards[cid]) for cid in state.table.seats[seat].hand]
    pool, bests = search.Pool(hand), legal.table_bests(state)
    out = []
    for prof in state.content.professors:
        best = bests.get(prof.kind)
        out += [Lay(prof.id, played) for played in search.pick(pool.above(prof.kind, best), None, 3)]
        if state.expert:
            out += legal._expert_lays(state, seat, prof, hand, best) + legal._onto_lays(state, seat, prof, hand)
    return out


@pytest.mark.parametrize("expert", [False, True])
def test_deferred_lays_are_the_eager_ones_even_when_read_late(expert):
    rng, listings = random.Random(4), 0
    for seed in range(1, 13):
        state = new(seats=2 + seed % 4, seed=seed, expert=expert)
        while not state.is_over():
            seat = state.to_act()[0]
            now, late = state.legal_actions(seat), state.legal_actions(seat)
            if isinstance(now, Listing):
                listings += 1
                lays = [a for a in now if isinstance(a, Lay)]
                assert lays == _eager_lays(state, seat)
            action = rng.choice(now)
            state.apply(seat, action)
            assert list(late) == list(now)  # `late` is read only now: it still lists that moment's actions
    assert listings > 500


def test_a_combination_s_kept_strength_follows_its_cards():
    """`Combo.strength` keeps its answer with the card list it read: new cards, new strength."""
    from rules.anludim.combos import strength
    from rules.anludim.table import Combo

    state = new()
    cards = state.content.cards
    ids = sorted(cards)
    combo = Combo("couleur", [(ids[0], 0), (ids[1], 0)])
    assert combo.strength(cards) == strength(cards[c][h] for c, h in combo.cards)
    combo.cards = [(ids[2], 1), (ids[3], 0), (ids[4], 1)]
    assert combo.strength(cards) == strength(cards[c][h] for c, h in combo.cards)
    assert combo.strength(cards)[0] == 3
