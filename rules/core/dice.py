"""Seeded dice: every roll comes from the `random.Random` the caller passes in (the state's own).

d66 is read as tens + units: two d6, the first giving the tens, so results run 11..66 with both
digits in 1..6. "2d3 keep lowest/highest" rolls two d3 and keeps one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Dice:
    """Dice rolled from one seeded RNG; `Dice(state.rng).d6()`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def d(self, sides: int) -> int:
        """One die of `sides` faces numbered 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one face")
        return self.rng.randint(1, sides)

    def d3(self) -> int:
        """One d3 (1..3)."""
        return self.d(3)

    def d6(self) -> int:
        """One d6 (1..6)."""
        return self.d(6)

    def roll(self, count: int, sides: int) -> list[int]:
        """`count` dice of `sides` faces, in the order rolled."""
        return [self.d(sides) for _ in range(count)]

    def d66(self) -> int:
        """Two d6 read as tens and units: 11, 12, ... 16, 21, ... 66."""
        return self.d6() * 10 + self.d6()

    def two_d3_lowest(self) -> int:
        """Two d3, keep the lowest."""
        return min(self.d3(), self.d3())

    def two_d3_highest(self) -> int:
        """Two d3, keep the highest."""
        return max(self.d3(), self.d3())

    def custom(self, faces: Sequence[T]) -> T:
        """A die with arbitrary faces (e.g. Guildes' 0-3 damage dice); each face equally likely."""
        if not faces:
            raise ValueError("a die needs at least one face")
        return faces[self.rng.randrange(len(faces))]


def d66_values() -> list[int]:
    """The 36 possible d66 results in order: 11..16, 21..26, ..., 61..66."""
    return [t * 10 + u for t in range(1, 7) for u in range(1, 7)]
