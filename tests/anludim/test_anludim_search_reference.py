"""The fast combination search gives exactly the pools of the reference one, on many hands.

`legal_actions` lists lays picked from these pools, so seeded games (tests/test_engine_digests.py)
depend on every candidate, not only on the strongest: pools must be equal as sets of
(strength, played), for real hands and for designer decks where a card may carry one value or
one colour twice.
"""

import random

import pytest

from rules.anludim import search
from tests.anludim import reference_search as ref
from tests.anludim.helpers import CONTENT

KINDS = ("suite", "couleur", "paires", "brelans", "assemblee")


def _same_pools(cards):
    fast, slow = search.Pool(cards), ref.Pool(cards)
    for kind in KINDS:
        assert sorted(fast.get(kind)) == sorted(slow.get(kind)), (kind, cards)


@pytest.mark.parametrize("size", [2, 5, 8, 12, 20])
def test_real_hands_give_the_reference_pools(size):
    rng = random.Random(size)
    ids = sorted(CONTENT.cards)
    for _ in range(300):
        _same_pools([(cid, CONTENT.cards[cid]) for cid in rng.sample(ids, size)])


def test_odd_decks_give_the_reference_pools():
    """Few values and colours: cards with one value or one colour on both halves, many ties."""
    rng = random.Random(9)
    for _ in range(3000):
        values, colours = rng.randint(1, 6), rng.randint(1, 4)
        cards = [(f"k{i:02d}", tuple((rng.randint(1, values), f"c{rng.randint(1, colours)}") for _h in range(2)))
                 for i in range(rng.randint(1, 14))]
        rng.shuffle(cards)
        _same_pools(cards)


def test_huge_hands_hit_the_same_search_bound():
    """Hands big enough for the exact union search to stop at SEARCH_NODES still match."""
    rng = random.Random(3)
    ids = sorted(CONTENT.cards)
    for _ in range(20):
        _same_pools([(cid, CONTENT.cards[cid]) for cid in rng.sample(ids, 40)])


def test_ceiling_is_never_below_a_candidate():
    """`Pool.above` skips a kind only when its ceiling cannot beat the table: it must bound every candidate."""
    rng = random.Random(5)
    ids = sorted(CONTENT.cards)
    for _ in range(500):
        pool = search.Pool([(cid, CONTENT.cards[cid]) for cid in rng.sample(ids, rng.randint(0, 14))])
        for kind in KINDS:
            top = search.ceiling(kind, pool)
            assert all(strength <= top for strength, _played in pool.get(kind)), kind


def test_pools_above_a_table_best_are_the_reference_pools_filtered():
    """`Pool.above(kind, best)` prunes with the table's best: what it gives is exactly the reference
    pool's combinations stronger than `best` (bests taken from other hands, so often close)."""
    rng = random.Random(11)
    ids = sorted(CONTENT.cards)
    for _ in range(400):
        cards = [(cid, CONTENT.cards[cid]) for cid in rng.sample(ids, rng.randint(0, 16))]
        other = ref.Pool([(cid, CONTENT.cards[cid]) for cid in rng.sample(ids, rng.randint(2, 12))])
        slow = ref.Pool(cards)
        for kind in KINDS:
            bests = sorted({s for s, _ in other.get(kind)} | {s for s, _ in slow.get(kind)})
            for best in rng.sample(bests, min(4, len(bests))) + [None]:
                want = sorted(sp for sp in slow.get(kind) if best is None or sp[0] > best)
                assert sorted(search.Pool(cards).above(kind, best)) == want, (kind, best, cards)


def test_counts_above_a_table_best_are_those_of_the_reference_pools():
    """`Pool.count_above(kind, best, cap)` (what a legal list's length reads) is the number of
    the reference pool's combinations stronger than `best`, up to `cap`, on real and odd hands,
    whether or not the pool was made before (`get` caches it); and what `above` and `get` give
    after a count (they finish the combinations the count started) is the whole reference pool."""
    rng = random.Random(12)
    ids = sorted(CONTENT.cards)
    for round_ in range(600):
        if round_ % 2:
            cards = [(cid, CONTENT.cards[cid]) for cid in rng.sample(ids, rng.randint(0, 18))]
        else:
            values, colours = rng.randint(1, 6), rng.randint(1, 4)
            cards = [(f"k{i:02d}", tuple((rng.randint(1, values), f"c{rng.randint(1, colours)}") for _h in range(2)))
                     for i in range(rng.randint(1, 14))]
        slow = ref.Pool(cards)
        for kind in KINDS:
            strengths = sorted({s for s, _ in slow.get(kind)})
            for best in rng.sample(strengths, min(3, len(strengths))) + [None, (1, (1,)), (40, (99,) * 40)]:
                above = sum(1 for sp in slow.get(kind) if best is None or sp[0] > best)
                for cap in (1, 3, 5):
                    fresh, made = search.Pool(cards), search.Pool(cards)
                    made.get(kind)
                    assert fresh.count_above(kind, best, cap) == min(cap, above), (kind, best, cap, cards)
                    assert made.count_above(kind, best, cap) == min(cap, above), (kind, best, cap, cards)
                    # `above` (and `get`) go on from where the count stopped: the same pools
                    want = sorted(sp for sp in slow.get(kind) if best is None or sp[0] > best)
                    assert sorted(fresh.above(kind, best)) == want, (kind, best, cap, cards)
                    assert sorted(fresh.get(kind)) == sorted(slow.get(kind)), (kind, best, cap, cards)
