"""Dice (rules.core.dice and the state's roller) and the island's hex geometry."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from rules.core.dice import Dice, d66_values
from rules.gorges.island import Island, hex_distance
from tests.gorges.helpers import CONTENT, force, new_game, set_up


def test_core_d66_gives_only_the_36_results_uniformly():
    dice = Dice(random.Random(1))
    counts = Counter(dice.d66() for _ in range(36_000))
    assert set(counts) == set(d66_values())
    assert all(1 <= v // 10 <= 6 and 1 <= v % 10 <= 6 for v in counts)
    expected = 1000
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 70  # 35 degrees of freedom: p < 0.001 above ~66.6


def test_core_two_d3_keep_lowest_and_highest():
    dice = Dice(random.Random(2))
    low = Counter(dice.two_d3_lowest() for _ in range(9000))
    high = Counter(dice.two_d3_highest() for _ in range(9000))
    assert set(low) == set(high) == {1, 2, 3}
    assert low[1] > low[2] > low[3]  # 5/9, 3/9, 1/9
    assert high[3] > high[2] > high[1]


def test_state_d66_is_uniform_over_the_36():
    st = new_game()
    counts = Counter(st.raw("d66")[0] for _ in range(36_000))
    assert set(counts) == set(d66_values())
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 70


@given(hs.integers(min_value=0, max_value=10_000))
def test_state_dice_stay_in_range(seed):
    st = new_game(seed=seed)
    assert st.raw("d3")[0] in (1, 2, 3)
    assert st.raw("d6")[0] in range(1, 7)
    v = st.raw("d66")[0]
    assert 1 <= v // 10 <= 6 and 1 <= v % 10 <= 6


def test_d66_values_are_tens_and_units():
    assert d66_values()[:7] == [11, 12, 13, 14, 15, 16, 21]
    assert len(d66_values()) == 36


def test_forced_rolls_come_first_and_are_logged():
    st = set_up()
    force(st, "d6", 4)
    assert st.log[-1]["key"] == "gorges.log.forced"
    assert st.raw("d6") == (4, True)
    assert st.raw("d6")[1] is False


def test_hex_distance_and_neighbours():
    assert hex_distance((0, 0), (2, -1)) == 2
    isl = Island({"a": (0, 0), "b": (1, 0), "c": (0, 1), "d": (5, 5)})
    assert set(isl.neighbours["a"]) == {"b", "c"}
    assert isl.adjacent("b", "c")
    assert not isl.connected()
    assert isl.coast == {"a", "b", "c", "d"}


def test_the_shipped_island_is_one_piece_with_coasts_and_an_inland():
    isl = CONTENT.island
    assert isl.connected()
    assert len(isl.ids) >= 40
    assert "clairiere-maudite" not in isl.coast  # the centre
    assert "cap-du-pendu" in isl.coast
    assert len(CONTENT.capitals) >= 6


def test_crown_bounces_off_the_sea():
    # a straight strip of three hexes: a b c, sea beyond
    isl = Island({"a": (0, 0), "b": (1, 0), "c": (2, 0)})
    end, path = isl.crown_walk("b", 1, 3)  # east: c, then sea -> turn back west: b, a
    assert path == ["c", "b", "a"]
    assert end == "a"


def test_crown_stays_when_both_ways_are_sea():
    isl = Island({"a": (0, 0), "b": (1, 0)})
    end, path = isl.crown_walk("a", 2, 2)  # south-east and north-west are both sea
    assert path == ["a", "a"] and end == "a"


@pytest.mark.parametrize("direction", range(1, 7))
def test_crown_never_leaves_the_land(direction):
    isl = CONTENT.island
    for start in isl.ids:
        for steps in range(1, 7):
            end, path = isl.crown_walk(start, direction, steps)
            assert end in isl.coords and len(path) == steps
            assert all(p in isl.coords for p in path)


def test_crown_phase_uses_two_d6_from_the_first_general():
    st = set_up()
    from rules.gorges.crown import move_crown
    st.crown = "clairiere-maudite"
    force(st, "d6", 1, 2)  # east, two hexes
    move_crown(st, 0)
    q, r = CONTENT.island.coords["clairiere-maudite"]
    assert CONTENT.island.coords[st.crown] == (q + 2, r)
    rolls = [e for e in st.log if e["key"] == "gorges.log.roll"][-2:]
    assert [e["params"]["result"] for e in rolls] == [1, 2]
