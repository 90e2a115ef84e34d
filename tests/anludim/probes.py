"""Test-only probe bots for Anludim (never offered to players): one trick each, to check that the
strongest level does not fall to it. Importing this module registers them in `rules.anludim.bots.PROBES`.

- `takeback`: issue 3's greedy bot plus "take back your combinations that lost their professor"
  (it won 94 % heads-up against that greedy bot).
- `strongest`: the take-back probe that always lays the strongest listed combination.
"""

from __future__ import annotations

from typing import Any

from rules.anludim import actions as A
from rules.anludim.bots import PROBES, GreedyBot


class TakeBackProbe(GreedyBot):
    """Greedy, but takes back its combinations that lost their professor at the start of its turn."""

    def choose(self, view: dict[str, Any], legal: list[A.Action]) -> A.Action:
        mine = view["seats"][view["seat"]]["combos"] if view["phase"] == "start" else []
        orphans = [a for a in legal if isinstance(a, A.TakeBack) and mine[a.combo]["professor"] is None]
        if orphans:
            return orphans[-1]
        return super().choose(view, legal)


class StrongestProbe(TakeBackProbe):
    """The take-back probe that, for the professor it wants, lays the strongest listed combination."""

    def _score_lay(self, view: dict[str, Any], lay: A.Lay) -> float:
        return super()._score_lay(view, lay) + 0.25 * len(lay.cards) + 0.01 * len(lay.cards)


def register() -> None:
    PROBES.setdefault("takeback", TakeBackProbe)
    PROBES.setdefault("strongest", StrongestProbe)


register()
