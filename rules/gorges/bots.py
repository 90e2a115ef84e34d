"""The random bot: picks uniformly among the legal actions, using only its own seeded RNG.

It is slightly biased towards ending the movement phase and issuing no challenge half the time,
so that random campaigns look like campaigns and end in a reasonable number of actions.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action


class RandomBot:
    """Answers every prompt with a random legal action."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """One of `legal`; `done` a third of the time when it is offered among orders."""
        done = [a for a in legal if a.type == "done"]
        if done and len(legal) > 1 and self.rng.random() < 0.35:
            return done[0]
        return legal[self.rng.randrange(len(legal))]
