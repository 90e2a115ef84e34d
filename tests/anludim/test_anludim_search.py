"""search.py: the strongest combination offered is the strongest the cards can make."""

import itertools
import random

from rules.anludim import combos, search
from rules.anludim.actions import Lay
from rules.anludim.table import Combo
from tests.anludim.helpers import CONTENT, new, set_hand


def _brute_best(kind, cards):
    best = None
    for r in range(2, len(cards) + 1):
        for sub in itertools.combinations(cards, r):
            for sides in itertools.product((0, 1), repeat=r):
                halves = [c[1][h] for c, h in zip(sub, sides)]
                if combos.is_valid(kind, halves):
                    s = combos.strength(halves)
                    best = s if best is None or s > best else best
    return best


def test_pairs_need_a_card_shared_by_two_values():
    # 9 can be paired with c56+c33 (greedy, in hand order) or c56+c35; only the latter leaves
    # c33 (7 green) for the pair of 7 with c54: two pairs, 9 9 7 7.
    hand = ["c56", "c33", "c35", "c54"]
    cards = [(cid, CONTENT.cards[cid]) for cid in hand]
    best = max(s for s, _ in search.Pool(cards).get("paires"))
    assert best == (4, (9, 9, 7, 7)) == _brute_best("paires", cards)


def test_strongest_sets_match_brute_force_on_small_hands():
    rng = random.Random(4)
    ids = sorted(CONTENT.cards)
    for _ in range(80):
        cards = [(cid, CONTENT.cards[cid]) for cid in rng.sample(ids, rng.randint(4, 8))]
        pool = search.Pool(cards)
        for kind in combos.KINDS:
            got = max((s for s, _ in pool.get(kind)), default=None)
            assert got == _brute_best(kind, cards), (kind, [c for c, _ in cards])
            for _s, played in pool.get(kind):
                halves = [CONTENT.cards[cid][h] for cid, h in played]
                assert combos.is_valid(kind, halves) and len({cid for cid, _ in played}) == len(played)


def test_legal_actions_offer_the_two_pairs_that_beat_the_table():
    state = new(3)
    state.table.seats[1].combos.append(Combo("paires", [("c57", 1), ("c06", 1)]))  # a pair of 10: one pair loses
    set_hand(state, 0, ["c56", "c33", "c35", "c54"])
    lays = [a for a in state.legal_actions(0) if isinstance(a, Lay) and a.professor == "necromancienne"]
    assert lays and max(len(a.cards) for a in lays) == 4
