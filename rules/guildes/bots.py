"""Guildes bots: `random` (uniform over the legal actions) and `greedy` (a heuristic).

Both see only their view and the legal actions, and draw randomness only from their own
`random.Random(seed)`.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action
from rules.guildes.greedy import GreedyBot


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
