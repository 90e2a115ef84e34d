"""rules.core.dice: seeded, in range, d66 read as tens + units, uniform."""

import random
from collections import Counter

import pytest

from rules.core import Dice, d66_values


def test_same_seed_same_rolls():
    a, b = Dice(random.Random(5)), Dice(random.Random(5))
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]


@pytest.mark.parametrize("sides", [2, 3, 6, 8, 12, 20])
def test_dn_range_and_every_face(sides):
    dice = Dice(random.Random(1))
    seen = Counter(dice.d(sides) for _ in range(4000))
    assert set(seen) == set(range(1, sides + 1))


def test_d66_only_tens_and_units_from_1_to_6_uniformly():
    dice = Dice(random.Random(2))
    n = 36_000
    seen = Counter(dice.d66() for _ in range(n))
    assert set(seen) == set(d66_values())
    assert all(1 <= v // 10 <= 6 and 1 <= v % 10 <= 6 for v in seen)
    # chi-square with 35 degrees of freedom: 99.9% quantile is about 66.6
    chi2 = sum((c - n / 36) ** 2 / (n / 36) for c in seen.values())
    assert chi2 < 66.6


def test_d66_values_order():
    values = d66_values()
    assert values[:7] == [11, 12, 13, 14, 15, 16, 21] and values[-1] == 66 and len(values) == 36


def test_two_d3_keep_lowest_and_highest_distributions():
    dice = Dice(random.Random(3))
    low = Counter(dice.two_d3_lowest() for _ in range(9000))
    high = Counter(dice.two_d3_highest() for _ in range(9000))
    # P(min=1)=5/9, P(min=3)=1/9; P(max=3)=5/9, P(max=1)=1/9
    assert abs(low[1] / 9000 - 5 / 9) < 0.03 and abs(low[3] / 9000 - 1 / 9) < 0.02
    assert abs(high[3] / 9000 - 5 / 9) < 0.03 and abs(high[1] / 9000 - 1 / 9) < 0.02
    assert set(low) == set(high) == {1, 2, 3}


def test_custom_faces_and_roll():
    dice = Dice(random.Random(4))
    faces = [0, 0, 1, 1, 2, 3]
    assert set(dice.custom(faces) for _ in range(500)) == {0, 1, 2, 3}
    assert len(dice.roll(4, 6)) == 4
    with pytest.raises(ValueError):
        dice.custom([])
    with pytest.raises(ValueError):
        dice.d(0)
